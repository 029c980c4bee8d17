import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ReceiptIcon } from 'lucide-react'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/** The acceptor's orders. Its content arrives with its own issue; until then an honest empty state. */
export const Route = createFileRoute('/_portal/orders')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/orders'),
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/orders'].label),
  component: Orders,
})

function Orders() {
  return (
    <MainScreenPlaceholder path={'/orders'} icon={ReceiptIcon}>
      <Trans>Orders will appear here as soon as customers place them.</Trans>
    </MainScreenPlaceholder>
  )
}
