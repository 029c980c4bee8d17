import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { ArrowLeftIcon } from 'lucide-react'
import { NotificationsSection } from '~/components/terminal/notifications-section.tsx'
import { Button } from '~/components/ui/button.tsx'
import { type Answer, api } from '~/lib/api.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/**
 * `/payment-notifications/{program}` (program-owner portal; the specification's "payment
 * notifications" screen, path not shown): the notification endpoints of a payment program, their
 * delivery log and replay. The program page links here.
 */
export const Route = createFileRoute('/_portal/payment-notifications/$program')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'programs') throw redirect({ to: '/', replace: true })
  },
  head: ({ match }) =>
    pageTitle(match.context.i18n, msg`Payment notifications`, mainScreens['/programs'].label),
  component: PaymentNotifications,
})

function PaymentNotifications() {
  const { program } = Route.useParams()
  const title = useQuery({
    queryKey: ['programs', 'program', program, 'title'],
    queryFn: () =>
      api.get<Answer<'/manager/programs/{uuid}'>>(`/manager/programs/${program}`).then((r) => r.result.title),
  })
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="grid gap-1">
        <Button variant="link" asChild className="h-auto w-fit px-0 text-muted-foreground">
          <Link to="/programs/$uuid" params={{ uuid: program }}>
            <ArrowLeftIcon aria-hidden="true" />
            {title.data ?? <Trans>Program</Trans>}
          </Link>
        </Button>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Payment notifications</Trans>
        </h1>
      </header>
      <NotificationsSection program={program} titled={false} />
    </div>
  )
}
