import { hasProgramAccount, paymentMethods } from '../payments/index.ts'
import type { DbOrTrx } from '../platform/db.ts'
import { type FieldErrorCode, type FieldProblems, fieldProblem } from '../platform/errors.ts'
import { programMethodRows } from './db/program-methods.ts'

/** A program's setting for one payment method of the catalogue (spec section 7: program-methods). */
export interface MethodSetting {
  method_id: string
  provider_id: string | null
  is_used: boolean
}

const catalogue = new Map(paymentMethods.map((m) => [m.id as string, m]))
const knownProviders = new Set(paymentMethods.flatMap((m) => m.providers as string[]))

/**
 * The rules of spec section 5 for a list of settings, as per-field messages keyed like the
 * request (`methods.0.provider_id`): the method must be in the catalogue and listed once; a
 * provider, when given, must be one that can take the method; a used method needs a provider.
 */
export function methodSettingErrors(settings: readonly MethodSetting[]): FieldProblems {
  const fields: FieldProblems = {}
  const add = (key: string, code: FieldErrorCode, message: string) => {
    fields[key] = [...(fields[key] ?? []), fieldProblem(code, message)]
  }
  const seen = new Set<string>()
  for (const [i, s] of settings.entries()) {
    const method = catalogue.get(s.method_id)
    if (!method) {
      add(`methods.${i}.method_id`, 'unknown_method', 'unknown payment method')
      continue
    }
    if (seen.has(s.method_id))
      add(`methods.${i}.method_id`, 'method_listed_twice', 'this method is listed twice')
    seen.add(s.method_id)
    if (s.provider_id !== null) {
      if (!knownProviders.has(s.provider_id))
        add(`methods.${i}.provider_id`, 'unknown_provider', 'unknown provider')
      else if (!(method.providers as string[]).includes(s.provider_id)) {
        add(
          `methods.${i}.provider_id`,
          'provider_cannot_take_method',
          'this provider cannot take this payment method',
        )
      }
    }
    if (s.is_used && s.provider_id === null) {
      if (method.providers.length)
        add(`methods.${i}.provider_id`, 'provider_required', 'a provider is required when the method is used')
      else
        add(
          `methods.${i}.provider_id`,
          'no_provider_for_method',
          'no provider can take this payment method yet',
        )
    }
  }
  return fields
}

/** A saved setting that can take payments by the catalogue's rules. */
export function isUsable(setting: MethodSetting): boolean {
  const method = catalogue.get(setting.method_id)
  return Boolean(
    setting.is_used &&
      setting.provider_id &&
      method &&
      (method.providers as string[]).includes(setting.provider_id),
  )
}

/**
 * A used method validates when the catalogue allows it (`isUsable`) and the program has keys for
 * its provider (payments checks them with the provider when they are saved:
 * manager/program-providers).
 */
export async function isValidated(db: DbOrTrx, programId: string, setting: MethodSetting): Promise<boolean> {
  if (!isUsable(setting) || !setting.provider_id) return false
  return hasProgramAccount(db, programId, setting.provider_id)
}

/** The program's saved settings with whether each validates. */
export async function programMethodSettings(
  db: DbOrTrx,
  programId: string,
): Promise<(MethodSetting & { validated: boolean })[]> {
  const rows = await programMethodRows(db, programId)
  return Promise.all(
    rows.map(async (r) => {
      const setting = { method_id: r.method_id, provider_id: r.provider_id, is_used: r.is_used }
      return { ...setting, validated: await isValidated(db, programId, setting) }
    }),
  )
}

/** At least one payment method validates: what a payment program needs for draftStep3 and activation. */
export async function hasValidatedMethod(db: DbOrTrx, programId: string): Promise<boolean> {
  return (await programMethodSettings(db, programId)).some((s) => s.validated)
}
