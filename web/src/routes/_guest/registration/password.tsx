import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { CardholderPassword } from '~/components/registration/cardholder.tsx'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'

/** /registration/password (card holder): the last step, which creates the account. */
export const Route = createFileRoute('/_guest/registration/password')({
  beforeLoad: async ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/registration', replace: true })
    guardLoginPage(context)
    await loadCatalogArea(context.i18n, 'registration')
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Choose a password`),
  component: CardholderPassword,
})
