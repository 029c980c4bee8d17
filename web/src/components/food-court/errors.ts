import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'

/**
 * The food court's refusals in the reader's language, by the API's reason (spec food.md section 8;
 * docs/food-court.md "Errors"): the shared wording of lib/api-messages.ts, with the court screens'
 * own words where the spec gives a reason a meaning of its own (notFount: the court withdrew the
 * invitation). Never the English message.
 */
const withdrawn = msg`This invitation is no longer there: the food court withdrew it.`

export function courtErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.reason === 'notFount') return withdrawn
  return describeApiError(error)
}

export const isInviteGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.reason === 'notFount')
