import { findProgram, programStatuses, type StepCheck } from '../programs/index.ts'
import { hasActiveProduct } from './db/restaurants.ts'
import { exponentOf, inputOf, restaurantState } from './queries/restaurant.ts'
import { checkRestaurant } from './shared.ts'

/**
 * A food program's wizard steps (the `programs.step-checks` hook for type 4001): draftStep2 needs
 * its restaurant saved complete and valid by every rule of spec section 5; draftStep3 and activation
 * also need a menu with at least one active product, so guests never meet an empty restaurant.
 */
export const foodProgramSteps: StepCheck = async (db, programId, to) => {
  const program = await findProgram(db, programId)
  if (!program) return { reason: 'restaurant_not_complete', message: 'save the restaurant first' }
  const state = await restaurantState(db, program)
  const { problems } = checkRestaurant(inputOf(state), { currencyExponent: exponentOf(program) })
  if (!state.row || problems.length) {
    return {
      reason: 'restaurant_not_complete',
      message: `complete the restaurant first (${problems.map((p) => `${p.field}: ${p.code}`).join(', ') || 'not saved'})`,
    }
  }
  if (to === programStatuses.draftStep2) return null
  if (!(await hasActiveProduct(db, programId))) {
    return { reason: 'menu_empty', message: 'add at least one active product to the menu first' }
  }
  return null
}
