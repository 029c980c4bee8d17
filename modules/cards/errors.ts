import {
  AppError,
  businessRule,
  conflict,
  type ErrorParams,
  type FieldErrorCode,
  fieldProblem,
  type Listed,
  type ModuleErrors,
} from '../platform/errors.ts'
import type { ReversalRefusal } from './redemption.ts'

/** The cards module's closed list of error reasons (docs/cards.md). */
export const cardsReasons = [
  'not_card_program',
  'card_type_missing',
  'program_not_draft',
  'program_blocked',
  'card_settings_locked',
  'program_not_active',
  'card_not_complete',
  'program_period_ended',
  'card_price_missing',
  'order_in_payment',
  'order_paid',
  'order_not_paid',
  'order_conflict',
  'order_amount_zero',
  'card_order_not_refundable',
  'card_already_activated',
  'card_expired',
  'card_blocked',
  'card_not_activated',
  'amount_above_balance',
  'reversal_too_late',
  'reversal_forfeited',
  'reversal_card_expired',
  'reversal_card_blocked',
  'redemption_reversed',
] as const

/** Codes of the cards module's own field checks (card settings, redemptions). */
export const cardsFieldCodes = [
  'not_program_currency',
  'voucher_value_zero',
  'image_unknown',
  'date_in_past',
  'before_start_date',
  'ends_before_start',
  'above_balance',
  'nothing_left',
  'choose_program',
  'not_card_token',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof cardsReasons> {}
  interface FieldErrorCodes extends Listed<typeof cardsFieldCodes> {}
}

export const cardsErrors: ModuleErrors = { reasons: cardsReasons, fieldCodes: cardsFieldCodes }

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
    { reason: 'card_settings_locked', params: { fields: fields.join(', ') } },
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
export const redemptionNotReversible = (why: Exclude<ReversalRefusal, 'reversed'>, message: string) =>
  businessRule(`this redemption cannot be reversed: ${message}`, `reversal_${why}`)
export const redemptionAlreadyReversed = () =>
  conflict('this redemption has been reversed already', 'redemption_reversed')

/**
 * An amount above what is left on the card (400 on `amount`, reason `amount_above_balance`);
 * `params.balance` is what is left, in minor units of `params.currency`.
 */
export const amountAboveBalance = (message: string, left: bigint, currency: string) => {
  const params: ErrorParams = { balance: Number(left), currency }
  const code: FieldErrorCode = left === 0n ? 'nothing_left' : 'above_balance'
  return new AppError('validation_failed', message, {
    reason: 'amount_above_balance',
    params,
    fields: { amount: [fieldProblem(code, message, params)] },
  })
}
