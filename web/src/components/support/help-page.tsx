import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation, useRouteContext } from '@tanstack/react-router'
import { ChevronDownIcon, LifeBuoyIcon, MessageSquareTextIcon, SparklesIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { portalCopy } from '~/lib/portal.ts'
import { helpTopics } from './help-topics.ts'
import { InfoScreen } from './screen.tsx'

/**
 * `/help` (spec section 2, a shared guest route): the questions and answers of this portal, each a
 * native disclosure (`details`/`summary`: keyboard and screen reader work without scripts), opened
 * and scrolled to when the address names it (`/help#add-card`). Below them the way to support.
 */
export function HelpPage() {
  const { i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const hash = useLocation({ select: (l) => l.hash })
  const topics = helpTopics[portal]
  const portalName = i18n._(portalCopy[portal].title)

  useEffect(() => {
    if (!hash) return
    const target = document.getElementById(hash)
    if (!(target instanceof HTMLDetailsElement)) return
    target.open = true
    target.scrollIntoView({ block: 'start' })
    target.querySelector('summary')?.focus({ preventScroll: true })
  }, [hash])

  return (
    <InfoScreen
      icon={LifeBuoyIcon}
      testId="help-screen"
      title={<Trans>Help</Trans>}
      lead={<Trans>Common questions about this portal ({portalName}) and their answers.</Trans>}
    >
      <p className="flex items-start gap-2 text-sm">
        <SparklesIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />
        <span>
          <Trans>
            New here?{' '}
            <Link to="/greeting" className="font-medium text-primary-700 underline-offset-2 hover:underline">
              Start with the first steps
            </Link>
            .
          </Trans>
        </span>
      </p>
      <div className="divide-y overflow-hidden rounded-xl border bg-background" data-testid="help-topics">
        {topics.map((topic) => (
          <details key={topic.id} id={topic.id} className="group scroll-mt-24" data-testid="help-topic">
            <summary className="flex cursor-pointer list-none items-start justify-between gap-3 px-4 py-3.5 text-[15px] font-medium hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset [&::-webkit-details-marker]:hidden">
              <span className="min-w-0">{i18n._(topic.question)}</span>
              <ChevronDownIcon
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-4 pb-4 text-sm leading-relaxed text-muted-foreground" data-testid="help-answer">
              {i18n._(topic.answer)}
            </p>
          </details>
        ))}
      </div>
      <div className="grid gap-3 rounded-xl border border-dashed px-4 py-5 text-sm sm:flex sm:items-center sm:justify-between">
        <p>
          <Trans>Did not find your answer? Write to us.</Trans>
        </p>
        <Button variant="outline" asChild className="w-fit">
          <Link to="/support" data-testid="help-contact-support">
            <MessageSquareTextIcon aria-hidden="true" />
            <Trans>Contact support</Trans>
          </Link>
        </Button>
      </div>
    </InfoScreen>
  )
}
