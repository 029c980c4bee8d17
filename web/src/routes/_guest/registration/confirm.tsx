import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { ProgramOwnerConfirm } from '~/components/registration/program-owner.tsx'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { searchParams, text } from '~/lib/search-params.ts'

/**
 * /registration/confirm (program owner): step two, the details and password. The e-mail's button
 * opens it with `?email=…&code=…`, which confirms the address without typing the code.
 */
export const Route = createFileRoute('/_guest/registration/confirm')({
  validateSearch: searchParams({ email: text({ max: 254 }), code: text({ max: 12 }) }),
  beforeLoad: async ({ context }) => {
    if (context.portal !== 'programs') throw redirect({ to: '/registration', replace: true })
    guardLoginPage(context)
    await loadCatalogArea(context.i18n, 'registration')
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Your details`),
  component: ConfirmPage,
})

function ConfirmPage() {
  const { email, code } = Route.useSearch()
  return <ProgramOwnerConfirm email={email} code={code} />
}
