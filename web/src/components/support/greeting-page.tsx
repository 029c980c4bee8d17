import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { ArrowRightIcon, LogInIcon, SparklesIcon, UserPlusIcon } from 'lucide-react'
import { Button } from '~/components/ui/button.tsx'
import { homePath, signInPath } from '~/lib/guard.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { type Portal, portalCopy } from '~/lib/portal.ts'
import { useSession } from '~/lib/use-session.ts'
import type { HelpTopicId } from './help-topics.ts'

/** The first three things to do on each portal, each with its answer under Help. */
const firstSteps: Record<Portal, readonly { title: MessageDescriptor; help: HelpTopicId }[]> = {
  admin: [
    { title: msg`Find a user and read their profile`, help: 'find-user' },
    { title: msg`Read the platform's finances`, help: 'finances' },
    { title: msg`Set the price of a card`, help: 'card-prices' },
  ],
  programs: [
    { title: msg`Create your first program`, help: 'create-program' },
    { title: msg`Invite the businesses that take part`, help: 'invite-acceptor' },
    { title: msg`Follow payments and refund when needed`, help: 'refund' },
  ],
  acceptor: [
    { title: msg`Accept the invitation to a program`, help: 'join-program' },
    { title: msg`Open a cashpoint`, help: 'open-cashpoint' },
    { title: msg`Take your first payment with the terminal`, help: 'take-payment' },
  ],
  cardholder: [
    { title: msg`Add your voucher or gift card`, help: 'add-card' },
    { title: msg`Find where you can use it`, help: 'where-to-use' },
    { title: msg`Pay at the counter with a QR code`, help: 'pay-qr' },
  ],
}

/** Portals where visitors create their own account (admins are made by others). */
const hasRegistration: Record<Portal, boolean> = {
  admin: false,
  programs: true,
  acceptor: true,
  cardholder: true,
}

/**
 * `/greeting` (spec section 2: the card holder's greeting page, a guest route; here on every
 * portal): who the portal is for, what it does, the first three steps with their answers under
 * Help, and the way in: sign in or create an account, or, signed in, on to the portal's home.
 */
export function GreetingPage() {
  const { i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const session = useSession()
  const copy = portalCopy[portal]
  const firstName = session?.user.first_name.trim()
  const portalName = i18n._(copy.title)
  const home = homePath(portal)
  const homeName = i18n._(mainScreens[home].label)
  return (
    <section
      aria-labelledby="screen-title"
      data-testid="greeting-screen"
      className="mx-auto grid w-full max-w-2xl gap-6"
    >
      <header className="grid gap-2">
        <span className="grid size-11 place-content-center rounded-full bg-primary-50 text-primary-700">
          <SparklesIcon aria-hidden="true" className="size-5" />
        </span>
        <p className="text-[13px] font-semibold tracking-[0.12em] text-primary-700 uppercase">{portalName}</p>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          {firstName ? <Trans>Welcome, {firstName}</Trans> : <Trans>Welcome to Cardpay</Trans>}
        </h1>
        <p className="text-sm leading-relaxed text-muted-foreground">{i18n._(copy.subtitle)}</p>
      </header>

      <section aria-labelledby="greeting-steps" className="grid gap-3">
        <h2 id="greeting-steps" className="text-base font-semibold">
          <Trans>Your first steps</Trans>
        </h2>
        <ol className="grid gap-2" data-testid="greeting-steps-list">
          {firstSteps[portal].map((step, index) => (
            <li key={step.help}>
              <Link
                to="/help"
                hash={step.help}
                className="flex items-center gap-3 rounded-lg border bg-background px-3.5 py-3 text-sm transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
              >
                <span
                  aria-hidden="true"
                  className="grid size-7 shrink-0 place-content-center rounded-full bg-primary-50 text-[13px] font-semibold text-primary-700"
                >
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 font-medium">{i18n._(step.title)}</span>
                <ArrowRightIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ol>
      </section>

      <div className="flex flex-wrap gap-2">
        {session ? (
          <Button asChild>
            <Link to={home} data-testid="greeting-home">
              <Trans>Go to {homeName}</Trans>
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          <>
            <Button asChild>
              <Link to={signInPath(portal)} data-testid="greeting-sign-in">
                <LogInIcon aria-hidden="true" />
                <Trans>Sign in</Trans>
              </Link>
            </Button>
            {hasRegistration[portal] && (
              <Button variant="outline" asChild>
                <a href="/registration" data-testid="greeting-register">
                  <UserPlusIcon aria-hidden="true" />
                  <Trans>Create an account</Trans>
                </a>
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  )
}
