import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * A food order's status as the guest reads it (spec section 4: 1 created … 8 paid_out; pickup
 * orders read 6 and 7 as ready for pickup and picked up), from its number, never the API's name.
 */
export function guestStatusMessage(status: number, pickup: boolean): MessageDescriptor {
  switch (status) {
    case 1:
    case 2:
      return msg`Waiting for payment`
    case 3:
      return msg`Paid: waiting for the kitchen`
    case 4:
      return msg`Payment failed`
    case 5:
      return msg`Being prepared`
    case 6:
      return pickup ? msg`Ready for pickup` : msg`Out for delivery`
    case 7:
    case 8:
      return pickup ? msg`Picked up` : msg`Delivered`
    default:
      return msg`Unknown status`
  }
}

/** The steps the guest follows on the order page, in order. */
export const progressSteps = [3, 5, 6, 7] as const
