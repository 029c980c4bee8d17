import {
  AppError,
  businessRule,
  type ErrorParams,
  type FieldErrorCode,
  type FieldProblems,
  fieldProblem,
  type Listed,
  type ModuleErrors,
} from '../platform/errors.ts'
import { foodRuleCodes } from './shared.ts'

/** The food module's closed list of error reasons (docs/food.md). */
export const foodReasons = [
  'not_food_program',
  'program_blocked',
  'restaurant_not_complete',
  'menu_empty',
  'domain_already_used',
  'category_not_empty',
  // Spec section 8: "Announcement read 404 gives notFount" (the portals' name, kept as it is).
  'notFount',
  // Ordering (issue 15; spec section 8 names the first five).
  'invalid_session',
  'basket_is_empty',
  'not_valid_variants',
  'not_valid_extras',
  'min_order_amount',
  'outside_delivery_area',
  'delivery_address_required',
  'pickup_not_available',
  'restaurant_closed',
  'restaurant_read_only',
  'ordering_disabled',
  'ordering_paused',
  'order_limit_reached',
  'terms_not_accepted',
  'requested_time_not_available',
  'order_transition_not_allowed',
  'order_not_payable',
  // A counter order's new QR or cash instead (docs/food.md "Counter orders").
  'not_counter_order',
  'order_payment_in_progress',
] as const

/** Codes of the food module's own field checks: the rules (shared.ts) and the uploads. */
export const foodFieldCodes = [
  ...foodRuleCodes,
  'image_too_large',
  'image_not_jpg_png',
  'image_unreadable',
  'image_unknown',
  'logo_not_png',
  'logo_too_small',
  'pdf_required',
  'pdf_too_large',
  'document_unknown',
  'category_unknown',
  'product_unknown',
  'option_unknown',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof foodReasons> {}
  interface FieldErrorCodes extends Listed<typeof foodFieldCodes> {}
}

export const foodErrors: ModuleErrors = { reasons: foodReasons, fieldCodes: foodFieldCodes }

/** One field's problem: a rule's (shared.ts) or a check of the database (an unknown image). */
export interface FieldIssue {
  field: string
  code: FieldErrorCode
  message: string
  params?: ErrorParams | undefined
}

/** Problems found by the rules: 400, each field with its code (spec "form must be filled correctly"). */
export function invalidInput(problems: readonly FieldIssue[]): AppError {
  const fields: FieldProblems = {}
  for (const p of problems) {
    fields[p.field] = [...(fields[p.field] ?? []), fieldProblem(p.code, p.message, p.params)]
  }
  return new AppError('validation_failed', 'The form must be filled correctly', { fields })
}

export const notFoodProgram = () =>
  businessRule('this program is not a food program (4001)', 'not_food_program')

export const programBlocked = () =>
  businessRule(
    'the program is blocked: its restaurant cannot be changed until it is unblocked',
    'program_blocked',
  )

export const domainAlreadyUsed = () =>
  new AppError('bad_request', 'Domain already used', {
    reason: 'domain_already_used',
    fields: { domain_name: [fieldProblem('domain_already_used', 'Domain already used')] },
  })

/** An announcement that is not there (or another restaurant's): 404, the portals' notFount. */
export const announcementNotFound = () =>
  new AppError('not_found', 'announcement not found', { reason: 'notFount' })
