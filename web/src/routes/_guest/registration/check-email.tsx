import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { CardholderCheckEmail } from '~/components/registration/cardholder.tsx'
import { ProgramOwnerCheckEmail } from '~/components/registration/program-owner.tsx'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'

/** /registration/check-email (program owner, card holder): the code from the e-mail. */
export const Route = createFileRoute('/_guest/registration/check-email')({
  beforeLoad: async ({ context }) => {
    if (context.portal === 'admin') throw redirect({ to: '/', replace: true })
    if (context.portal === 'acceptor')
      throw redirect({ to: '/registration', search: { step: 'code' }, replace: true })
    guardLoginPage(context)
    await loadCatalogArea(context.i18n, 'registration')
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Check your e-mail`),
  component: CheckEmailPage,
})

function CheckEmailPage() {
  const { portal } = Route.useRouteContext()
  return portal === 'cardholder' ? <CardholderCheckEmail /> : <ProgramOwnerCheckEmail />
}
