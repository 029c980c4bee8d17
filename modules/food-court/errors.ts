import { AppError, businessRule, type Listed, type ModuleErrors } from '../platform/errors.ts'

/** The food-court module's closed list of error reasons (docs/food-court.md). */
export const foodCourtReasons = [
  'not_food_court',
  'court_not_complete',
  // Spec section 8: "Invite is already sent" → inviteIsAlreadySent; a withdrawn invitation → notFount.
  'inviteIsAlreadySent',
  'notFount',
  'not_food_program',
  'restaurant_not_in_court',
  'restaurant_not_onboarded',
  'onboarding_refused',
  'part_not_rejectable',
  'min_order_amount',
] as const

/** Codes of the court's own field checks (rules.ts). */
export const foodCourtFieldCodes = ['fee_percent_range', 'only_one_fee_field', 'invalid_fee'] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof foodCourtReasons> {}
  interface FieldErrorCodes extends Listed<typeof foodCourtFieldCodes> {}
}

export const foodCourtErrors: ModuleErrors = { reasons: foodCourtReasons, fieldCodes: foodCourtFieldCodes }

export const notFoodCourt = () => businessRule('this program is not a food court (5001)', 'not_food_court')

/** "Invite is already sent" (spec section 8): pending or active already. */
export const inviteIsAlreadySent = () =>
  new AppError('bad_request', 'Invite is already sent', { reason: 'inviteIsAlreadySent' })

/** The court withdrew the invitation (or there never was one for this restaurant): 404 notFount. */
export const inviteNotFound = () => new AppError('not_found', 'invitation not found', { reason: 'notFount' })
