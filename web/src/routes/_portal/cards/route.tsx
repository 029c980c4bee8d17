import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '~/lib/guard.ts'

/**
 * Cards (spec section 2): on the card-holder portal their vouchers and gift cards (`/cards`,
 * `/cards/add`, `/cards/{token}`), on the admin portal card prices and card orders (`/cards`).
 * Other portals: to `/`.
 */
export const Route = createFileRoute('/_portal/cards')({
  beforeLoad: ({ context }) => requireScreen(context.portal, '/cards'),
})
