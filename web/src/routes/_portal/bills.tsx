import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { FileTextIcon } from 'lucide-react'
import { MainScreenPlaceholder } from '~/components/main-screen.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/** The card holder's bills. Its content arrives with its own issue; until then an honest empty state. */
export const Route = createFileRoute('/_portal/bills')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/bills'),
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/bills'].label),
  component: Bills,
})

function Bills() {
  return (
    <MainScreenPlaceholder path={'/bills'} icon={FileTextIcon}>
      <Trans>Bills sent to you will appear here, with what is due and when.</Trans>
    </MainScreenPlaceholder>
  )
}
