import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlatformProviderPage } from '~/components/finances/platform-provider-page.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/**
 * `/finances/provider`: the platform's own payment provider account, which takes card orders and
 * payment links outside programs, and the form that saves its keys.
 */
export const Route = createFileRoute('/_portal/finances/provider')({
  head: ({ match }) => pageTitle(match.context.i18n, msg`Payment provider`, mainScreens['/finances'].label),
  component: PlatformProviderPage,
})
