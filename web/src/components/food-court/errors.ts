import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'

/**
 * The food court's refusals in the reader's language, by the API's reason or field code (spec
 * food.md section 8; docs/food-court.md): never the English message.
 */
const courtReasons: Record<string, MessageDescriptor> = {
  inviteIsAlreadySent: msg`Invite is already sent. Wait for the restaurant to answer.`,
  invite_already_sent: msg`Invite is already sent. Wait for the restaurant to answer.`,
  notFount: msg`This invitation is no longer there: the food court withdrew it.`,
  invite_not_found: msg`This invitation is no longer there: the food court withdrew it.`,
  only_one_fee: msg`Only one fee field may be filled (percent or fixed)`,
  fee_percent_and_fixed: msg`Only one fee field may be filled (percent or fixed)`,
  fee_percent_out_of_range: msg`The fee percent is between 0 and 100.`,
  min_order_amount: msg`The order is below the minimum order amount of the food court.`,
  domain_already_used: msg`Domain already used`,
  not_food_court_program: msg`This is not a food court.`,
  restaurant_not_onboarded: msg`This restaurant has not finished its onboarding at the payment provider yet.`,
  onboarding_failed: msg`The payment provider could not start the onboarding. Try again.`,
  ccv_response_invalid: msg`The payment provider answered something we could not read. Try again.`,
  ccv_pay_key_not_valid: msg`The food court has no valid keys at its payment provider yet.`,
}

export function courtErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError) {
    const reason = error.reason as string | undefined
    if (reason && courtReasons[reason]) return courtReasons[reason]
    for (const issues of Object.values(error.fields)) {
      const code = issues[0]?.code as string | undefined
      if (code && courtReasons[code]) return courtReasons[code]
    }
  }
  return describeApiError(error)
}

/** A field code of the court's own rules, worded; undefined for the shared wording. */
export const courtFieldMessage = (code: string): MessageDescriptor | undefined => courtReasons[code]

export const isInviteGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || (error.reason as string | undefined) === 'notFount')
