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
