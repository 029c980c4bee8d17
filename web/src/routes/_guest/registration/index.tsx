import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { AcceptorRegistration } from '~/components/registration/acceptor.tsx'
import { CardholderEmail, CardholderStepScreen } from '~/components/registration/cardholder.tsx'
import { ProgramOwnerEmail } from '~/components/registration/program-owner.tsx'
import { guardLoginPage } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadCatalogArea } from '~/lib/i18n.ts'
import { oneOf, searchParams, text } from '~/lib/search-params.ts'

/**
 * /registration on each host (spec section 2): the program owner's and the card holder's first
 * step (e-mail), the card holder's phone, terms and personal steps (`?step=`), and the whole
 * acceptor registration (`?step=`, `?invite=` from an invitation link). Admins have none.
 */
export const Route = createFileRoute('/_guest/registration/')({
  validateSearch: searchParams({
    step: oneOf(['email', 'code', 'resend', 'details', 'phone', 'terms', 'personal']),
    invite: text({ min: 1, max: 200 }),
  }),
  beforeLoad: async ({ context }) => {
    if (context.portal === 'admin') throw redirect({ to: '/', replace: true })
    guardLoginPage(context)
    await loadCatalogArea(context.i18n, 'registration')
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Create an account`),
  component: Registration,
})

function Registration() {
  const { portal } = Route.useRouteContext()
  const { step, invite } = Route.useSearch()
  if (portal === 'acceptor') {
    const acceptorStep = step === 'code' || step === 'resend' || step === 'details' ? step : 'email'
    return <AcceptorRegistration step={acceptorStep} invite={invite} />
  }
  if (portal === 'cardholder') {
    if (step === 'phone' || step === 'terms' || step === 'personal')
      return <CardholderStepScreen step={step} />
    return <CardholderEmail />
  }
  return <ProgramOwnerEmail />
}
