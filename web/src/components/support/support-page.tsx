import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { LifeBuoyIcon, MessageSquareTextIcon } from 'lucide-react'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { InfoScreen } from './screen.tsx'
import { SupportForm } from './support-form.tsx'
import type { SupportTopic } from './topics.ts'

/** `/support`: the contact form, with the way to the answers under Help first. */
export function SupportPage({
  topic,
  reference,
}: {
  topic?: SupportTopic | undefined
  reference?: string | undefined
}) {
  return (
    <InfoScreen
      icon={MessageSquareTextIcon}
      testId="support-screen"
      title={<Trans>Contact support</Trans>}
      lead={
        <Trans>
          Ask us about your account, a payment, a card or anything else on Cardpay. We answer by e-mail, and
          you receive a confirmation with a reference right away.
        </Trans>
      }
    >
      <p className="flex items-start gap-2 rounded-lg bg-muted/60 px-3.5 py-3 text-sm">
        <LifeBuoyIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />
        <span>
          <Trans>
            Many questions have an answer under{' '}
            <Link to="/help" className="font-medium text-primary-700 underline-offset-2 hover:underline">
              Help
            </Link>
            .
          </Trans>
        </span>
      </p>
      <Card>
        <CardContent>
          <SupportForm topic={topic} reference={reference} />
        </CardContent>
      </Card>
    </InfoScreen>
  )
}
