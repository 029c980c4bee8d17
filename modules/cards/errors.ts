import { AppError, businessRule, conflict } from '../platform/errors.ts'

/** The cards module's refusals, with their stable reasons (docs/cards.md). */
export const notCardProgram = () => businessRule('only card programs have cards', 'not_card_program')
export const programNotDraft = () =>
  conflict('the card type can only be chosen or removed while the program is a draft', 'program_not_draft')
export const programBlocked = () =>
  businessRule('the program is blocked: it cannot be changed until it is unblocked', 'program_blocked')
export const cardSettingsLocked = (fields: string[]) =>
  new AppError(
    'business_rule',
    `cards of this program have been paid for: only title, description and image can change (not ${fields.join(', ')})`,
    { reason: 'card_settings_locked' },
  )
export const programNotActive = () =>
  businessRule('only an active card program takes card orders', 'program_not_active')
export const cardNotComplete = () =>
  businessRule('the card’s settings are not complete: set its value and validity first', 'card_not_complete')
export const programPeriodEnded = () =>
  businessRule('the program’s period has ended: no more cards can be ordered', 'program_period_ended')
export const noCardPrice = (currency: string) =>
  businessRule(
    `cards cannot be ordered in ${currency} yet: there is no card price in it`,
    'card_price_missing',
  )
export const orderInPayment = () =>
  conflict(
    'the open order is being paid right now: wait for that payment to finish before ordering again',
    'order_in_payment',
  )
export const orderBeingIssued = () =>
  conflict(
    'the open order has just been paid and its cards are being issued: try again in a moment',
    'order_paid',
  )
export const orderNotPaid = () => conflict('the order is not paid: it has no cards yet', 'order_not_paid')
export const cardAlreadyActivated = () =>
  conflict('this card has been activated by someone else', 'card_already_activated')
export const cardExpired = () => businessRule('this card has expired', 'card_expired')
export const cardBlocked = () => businessRule('this card is blocked', 'card_blocked')
export const cardNotActivated = () =>
  businessRule('the card holder activates the card first', 'card_not_activated')
export const cardProgramNotActive = () =>
  businessRule('this card program does not take cards now', 'program_not_active')
/** A reversal refused, with why as its reason: `reversal_too_late`, `reversal_forfeited`, `reversal_card_expired`, `reversal_card_blocked`. */
export const redemptionNotReversible = (why: string, message: string) =>
  businessRule(`this redemption cannot be reversed: ${message}`, `reversal_${why}`)
export const redemptionAlreadyReversed = () =>
  conflict('this redemption has been reversed already', 'redemption_reversed')
