import type { ExpiryType } from './codes.ts'
import type { ProgramCardRow } from './db/program-cards.ts'
import type { Validity } from './validity.ts'

/** A card's validity rule from its row, or null while not chosen. */
export function validityOf(
  row: Pick<ProgramCardRow, 'validity_mode' | 'expiry_type' | 'expiry_value' | 'valid_until'>,
): Validity | null {
  switch (row.validity_mode) {
    case 'program':
      return { mode: 'program' }
    case 'after_activation':
      return {
        mode: 'after_activation',
        expiry_type: row.expiry_type as ExpiryType,
        expiry_value: row.expiry_value as number,
      }
    case 'until':
      return { mode: 'until', until: row.valid_until as string }
    default:
      return null
  }
}

/** The row's columns for a validity rule (the others cleared). */
export function validityColumns(v: Validity) {
  return {
    validity_mode: v.mode,
    expiry_type: v.mode === 'after_activation' ? v.expiry_type : null,
    expiry_value: v.mode === 'after_activation' ? v.expiry_value : null,
    valid_until: v.mode === 'until' ? v.until : null,
  }
}

/**
 * A card is complete (its program may go to draftStep3, and orders may be placed) when it has a
 * title, its value row and a validity rule.
 */
export function isComplete(row: ProgramCardRow): boolean {
  return row.title.trim().length > 0 && row.value !== null && validityOf(row) !== null
}
