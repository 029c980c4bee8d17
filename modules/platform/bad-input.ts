import { z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { isCalendarDate } from './dates.ts'
import { AppError, type FieldProblems, fieldProblem, withCode } from './errors.ts'
import type { AppEnv } from './module.ts'

/**
 * Bad input the schemas of single routes do not see, refused in one place with a 400 that names the
 * field, before anything reads the database:
 *
 * - NUL characters (`\u0000` in a JSON string, `%00` in a path or query): PostgreSQL cannot store
 *   them in text and answered 500. `nulFields` finds them in validated input (the validation hook
 *   calls it for every route); `refuseNulInAddress` in any path or query, validated or not.
 * - Calendar dates: `calendarDate` is the one schema for `YYYY-MM-DD` that is a real day, so
 *   `2026-02-30` is a 400, not a database error.
 */

const nul = '\u0000'

/** The paths (`items.0.name`) of strings holding a NUL character, keys included. */
export function nulFields(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes(nul)) found.push(path.length ? path.join('.') : '_')
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) nulFields(v, [...path, String(i)], found)
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes(nul)) found.push([...path, k.replaceAll(nul, '\\u0000')].join('.'))
      else nulFields(v, [...path, k], found)
    }
  }
  return found
}

export const nulMessage = 'must not contain NUL characters'

export function nulError(fields: string[]): AppError {
  const errors: FieldProblems = {}
  for (const f of fields) errors[f] = [fieldProblem('nul_character', nulMessage)]
  return new AppError('validation_failed', 'validation failed', { fields: errors, reason: 'nul_character' })
}

/**
 * Refuses an API request whose path or query holds a NUL character (`%00`), or whose address does
 * not decode (a lone `%`), naming the query parameter or `path`.
 */
export const refuseNulInAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = c.req.url
  if (raw.includes('%00') || raw.includes(nul) || /%(?![0-9A-Fa-f]{2})/.test(raw)) {
    const url = new URL(raw)
    const fields: string[] = []
    let path: string
    try {
      path = decodeURIComponent(url.pathname)
    } catch {
      throw new AppError('validation_failed', 'validation failed', {
        fields: { path: [fieldProblem('bad_encoding', 'is not a valid address (bad percent-encoding)')] },
        reason: 'malformed_url',
      })
    }
    if (path.includes(nul)) fields.push('path')
    for (const [k, v] of url.searchParams)
      if (k.includes(nul) || v.includes(nul)) fields.push(k.replaceAll(nul, ''))
    if (fields.length) throw nulError(fields)
  }
  await next()
}

/** The one schema of a calendar day in requests. */
export const calendarDate = (message = 'must be a date as YYYY-MM-DD') =>
  z
    .string()
    .max(10, message)
    .refine(isCalendarDate, { message, params: withCode('invalid_date') })
    .openapi({ example: '2026-11-22', format: 'date' })
