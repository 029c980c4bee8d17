import { Trans } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { ArrowRightIcon, HeartHandshakeIcon, LifeBuoyIcon } from 'lucide-react'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { homePath } from '~/lib/guard.ts'
import { useSession } from '~/lib/use-session.ts'
import { InfoScreen } from './screen.tsx'

/**
 * `/gratitude` (spec section 2: the card holder's thank-you page, a guest route; here on every
 * portal): the thanks after something was sent, with its reference when there is one (a support
 * request's `SR-…`), and the ways on.
 */
export function GratitudePage({ reference }: { reference?: string | undefined }) {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const signedIn = useSession() !== null
  return (
    <InfoScreen
      icon={HeartHandshakeIcon}
      testId="gratitude-screen"
      title={reference ? <Trans>Thank you for your message</Trans> : <Trans>Thank you</Trans>}
      lead={
        reference ? (
          <Trans>
            We received it and sent a confirmation to your e-mail address. We answer by e-mail as soon as we
            can.
          </Trans>
        ) : (
          <Trans>Thank you for using Cardpay.</Trans>
        )
      }
    >
      {reference && (
        <Card>
          <CardContent className="grid gap-1">
            <p className="text-sm text-muted-foreground">
              <Trans>Your reference</Trans>
            </p>
            <p className="font-mono text-xl font-semibold tracking-wide" data-testid="gratitude-reference">
              {reference}
            </p>
            <p className="text-sm text-muted-foreground">
              <Trans>Mention it when you write to us about this question again.</Trans>
            </p>
          </CardContent>
        </Card>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={signedIn ? homePath(portal) : '/'} data-testid="gratitude-continue">
            <Trans>Continue</Trans>
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/help">
            <LifeBuoyIcon aria-hidden="true" />
            <Trans>Help</Trans>
          </Link>
        </Button>
      </div>
    </InfoScreen>
  )
}
