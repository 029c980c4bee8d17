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
import { defineModule } from '../platform/module.ts'
import { foodCourtErrors } from './errors.ts'
import { registerFoodCourtRoutes } from './http/register.ts'

export const foodCourtModule = defineModule({
  name: 'food-court',
  errors: foodCourtErrors,
  routes: (app) => registerFoodCourtRoutes(app),
})
