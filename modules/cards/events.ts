import { z } from 'zod'
import { defineEvent } from '../platform/events.ts'

/** A paid card order's cards exist: `quantity` cards with their tokens, in the program's batch list. */
export const cardOrderIssued = defineEvent(
  'cards.card-order.issued',
  z.object({ order_id: z.uuid(), program_id: z.uuid(), quantity: z.number().int().positive() }),
)

/** A card holder activated a card: it is theirs from now on. */
export const cardActivated = defineEvent(
  'cards.card.activated',
  z.object({ card_id: z.uuid(), program_id: z.uuid(), holder_user_id: z.uuid() }),
)

/**
 * A card was spent at a cashpoint: `amount` taken by the acceptor, `forfeited` what was left on the
 * card when its last use went (the program's). Its ledger entry is requested in the same transaction.
 */
export const cardRedeemed = defineEvent(
  'cards.card.redeemed',
  z.object({
    redemption_id: z.uuid(),
    card_id: z.uuid(),
    program_id: z.uuid(),
    cashpoint_id: z.uuid(),
    acceptor_user_id: z.uuid(),
    amount: z.number().int().positive(),
    forfeited: z.number().int().nonnegative(),
    currency: z.string().length(3),
  }),
)

/** The acceptor who took a redemption reversed it: its amount and use are back on the card. */
export const redemptionReversed = defineEvent(
  'cards.redemption.reversed',
  z.object({
    redemption_id: z.uuid(),
    card_id: z.uuid(),
    program_id: z.uuid(),
    acceptor_user_id: z.uuid(),
    amount: z.number().int().positive(),
    currency: z.string().length(3),
  }),
)
