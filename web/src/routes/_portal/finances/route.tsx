import { createFileRoute, redirect } from '@tanstack/react-router'
import { requireScreen } from '~/lib/guard.ts'

/**
 * The admin's finances: the ledger's journals, account balances and trial balance. On the
 * program-owner portal `/finances` (and everything under it) redirects to Programs (spec section 2).
 */
export const Route = createFileRoute('/_portal/finances')({
  beforeLoad: ({ context }) => {
    if (context.portal === 'programs') throw redirect({ to: '/programs', replace: true })
    requireScreen(context.portal, '/finances')
  },
})
