/**
 * Food courts: food court programs (type 5001, several restaurants). The court beside its program
 * (basics as a restaurant's, domain, the court's minimum order, its fee as percent xor fixed, its
 * provider account, an external reference), its invitations of restaurants with their merchant
 * onboarding at the payment provider, the guests' court (its onboarded restaurants, one cart
 * across them, checkout once), the one payment split into a part per restaurant plus the court
 * fee, a sub-order (a food order) per restaurant on its own kitchen board, payouts (queue
 * `payouts`) when each part is delivered or after a fallback delay, and the settlement statement
 * per restaurant. Programs, food and payments are used through their public surfaces. See
 * docs/food-court.md.
 */
import { payableRefunds } from '../payments/index.ts'
import { defineModule } from '../platform/module.ts'
import { provide } from '../platform/ports.ts'
import { programStepChecks, programTypes } from '../programs/index.ts'
import { courtProgramSteps } from './commands/court.ts'
import { courtOrderPayable } from './commands/orders.ts'
import { courtRefundRule } from './commands/payouts.ts'
import { foodCourtErrors } from './errors.ts'
import { registerFoodCourtRoutes } from './http/register.ts'
import {
  onCourtOrderPaid,
  onCourtOrderPaymentEnded,
  onFoodOrderStatus,
  onProviderWebhook,
  payoutSweep,
} from './jobs/handlers.ts'

export { courtOrderPayable } from './commands/orders.ts'
export { allocate, courtFeeOf } from './shared.ts'

export const foodCourtModule = defineModule({
  name: 'food-court',
  errors: foodCourtErrors,
  provides: [
    provide(programStepChecks, { type: programTypes.foodCourtManagement, check: courtProgramSteps }),
    // A court order's payment is refunded part by part, when a restaurant rejects its part.
    provide(payableRefunds, { kind: courtOrderPayable, rule: courtRefundRule }),
  ],
  handlers: [onCourtOrderPaid, onCourtOrderPaymentEnded, onFoodOrderStatus, onProviderWebhook],
  jobs: [payoutSweep],
  routes: (app) => registerFoodCourtRoutes(app),
})
