import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '~/lib/guard.ts'

/**
 * Transactions (the specification's "transactions list"): on every portal, each user their own
 * scope of payments and refunds; the API decides what that scope is.
 */
export const Route = createFileRoute('/_portal/transactions')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/transactions'),
})
