import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { AddCardPage } from '~/components/cards/add-card-page.tsx'

/**
 * `/cards/add` (card-holder portal): add a card by its code; `?token=` (a printed card's link or
 * QR code) fills it in and looks it up. The admin's Cards has no such page: back to `/cards`.
 */
export const Route = createFileRoute('/_portal/cards/add')({
  validateSearch: z.object({
    token: z.string().max(200).optional().catch(undefined),
  }),
  beforeLoad: ({ context }) => {
    if (context.portal !== 'cardholder') throw redirect({ to: '/cards', replace: true })
  },
  component: AddCard,
})

function AddCard() {
  const { token } = Route.useSearch()
  // A new code in the URL is a new start, not an edit of the one on screen.
  return <AddCardPage key={token ?? ''} initialToken={token} />
}
