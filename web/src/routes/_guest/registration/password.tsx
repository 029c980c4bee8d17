import { createFileRoute, redirect } from '@tanstack/react-router'
import { CardholderPassword } from '~/components/registration/cardholder.tsx'
import { guardLoginPage } from '~/lib/guard.ts'

/** /registration/password (card holder): the last step, which creates the account. */
export const Route = createFileRoute('/_guest/registration/password')({
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/registration', replace: true })
    guardLoginPage(context)
  },
  component: CardholderPassword,
})
