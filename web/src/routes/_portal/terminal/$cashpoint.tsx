import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { QrCodeIcon } from 'lucide-react'
import { NotFound } from '~/components/not-found.tsx'
import { terminalPlacesQueryOptions } from '~/components/terminal/places.ts'
import { openRequestsQueryOptions, recentRequestsQueryOptions } from '~/components/terminal/queries.ts'
import { TerminalPage } from '~/components/terminal/terminal-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/**
 * `/terminal/{cashpoint}`: the phone as payment terminal at one cashpoint. A cashpoint that is not
 * one of the reader's open ones (closed, unknown, someone else's) is a not-found page with the way
 * back to the choice of cashpoints.
 */
export const Route = createFileRoute('/_portal/terminal/$cashpoint')({
  loader: async ({ context, params }) => {
    const places = await loadSignedIn(context, terminalPlacesQueryOptions(context.portal))
    if (!places) return { title: undefined }
    const place = places.find((p) => p.cashpoints.some((c) => c.uuid === params.cashpoint))
    if (!place) throw notFound()
    await Promise.all([
      loadSignedIn(context, openRequestsQueryOptions(params.cashpoint), { notFound: false }),
      loadSignedIn(context, recentRequestsQueryOptions(params.cashpoint), { notFound: false }),
    ])
    return { title: place.cashpoints.find((c) => c.uuid === params.cashpoint)?.title }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      match.status === 'notFound' ? msg`Cashpoint not found` : loaderData?.title,
      mainScreens['/terminal'].label,
    ),
  notFoundComponent: CashpointNotFound,
  component: Terminal,
})

function Terminal() {
  const { cashpoint } = Route.useParams()
  return <TerminalPage key={cashpoint} cashpoint={cashpoint} />
}

function CashpointNotFound() {
  return (
    <NotFound
      testId="cashpoint-not-found"
      icon={QrCodeIcon}
      title={<Trans>Cashpoint not found</Trans>}
      back={{ to: '/terminal', label: <Trans>All cashpoints</Trans> }}
    >
      <Trans>This cashpoint is closed or not yours. Choose another one.</Trans>
    </NotFound>
  )
}
