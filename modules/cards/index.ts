/**
 * Cards: the card of a card program (type 1001: vouchers and gift cards) and the draft steps it
 * drives, the price of a card per type (set by admins), card orders paid to the platform through
 * payments (the order's uuid is its payment's), the cards a paid order issues (unique tokens, a
 * ledger entry in the cards journal), card holders activating cards by token, and acceptors
 * spending cards at their cashpoints (redemptions, reversible once within a day). Programs,
 * payments and the ledger are used through their public surfaces only.
 */
import { payableRefunds, type RefundRule } from '../payments/index.ts'
import { defineModule } from '../platform/module.ts'
import { provide } from '../platform/ports.ts'
import { programStatuses, programStepChecks, programTypes, type StepCheck } from '../programs/index.ts'
import { cardOrderPayable } from './codes.ts'
import { findOrder } from './db/orders.ts'
import { findCardOfProgram } from './db/program-cards.ts'
import { cardNotComplete, cardsErrors } from './errors.ts'
import { registerCardsRoutes } from './http/routes.ts'
import { onCardOrderEnded, onCardOrderPaid } from './jobs/payment-news.ts'
import { isComplete } from './model.ts'

export { type CardType, cardTypes, expiryTypes } from './codes.ts'
export { cardActivated, cardOrderIssued, cardRedeemed, redemptionReversed } from './events.ts'
export { programsWithActiveCard } from './queries/held-programs.ts'

// The cards of a paid order carry its money: refunding it through payments would leave them valid.
const cardOrderRefund: RefundRule = async (db, orderId) =>
  (await findOrder(db, orderId))
    ? {
        reason: 'card_order_not_refundable',
        message: 'a card order is not refunded: its cards are issued and carry its value',
      }
    : null

// A card program's steps are its card's: a type chosen for draftStep2, complete settings for
// draftStep3 and activation, also when the owner moves the program through PATCH programs.
const cardProgramSteps: StepCheck = async (db, programId, to) => {
  const card = await findCardOfProgram(db, programId)
  if (!card) {
    return { reason: 'card_type_missing', message: 'choose the card type (voucher or gift card) first' }
  }
  if (to === programStatuses.draftStep2 || isComplete(card)) return null
  const refusal = cardNotComplete()
  return { reason: 'card_not_complete', message: refusal.message }
}

export const cardsModule = defineModule({
  name: 'cards',
  errors: cardsErrors,
  provides: [
    provide(payableRefunds, { kind: cardOrderPayable, rule: cardOrderRefund }),
    provide(programStepChecks, { type: programTypes.card, check: cardProgramSteps }),
  ],
  routes: (app) => registerCardsRoutes(app),
  handlers: [onCardOrderPaid, onCardOrderEnded],
})
