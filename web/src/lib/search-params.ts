/**
 * The routes' search parameters, read without zod. Route options (`validateSearch`) are part of the
 * entry chunk that every page loads, and zod there costs 12 KiB compressed (its core, which the
 * forms' zod shares, cannot be tree-shaken per chunk); these readers do the same checks in a few
 * hundred bytes. zod stays where forms are.
 *
 * Each reader takes what the router parsed from the address (a string, a number, a boolean…) and
 * returns the value, or `undefined` when it is missing or not valid: a bad value is dropped, never
 * an error page (as `.optional().catch(undefined)` did). `orElse` gives a default instead.
 */
export type Reader<T> = (value: unknown) => T

type Shape = Record<string, Reader<unknown>>
type Value<R> = R extends Reader<infer T> ? T : never
type Simplify<T> = { [K in keyof T]: T[K] }

/** A key whose reader may give `undefined` is optional; the others (with a default) always there. */
export type SearchOf<S extends Shape> = Simplify<
  { [K in keyof S as undefined extends Value<S[K]> ? K : never]?: Value<S[K]> } & {
    [K in keyof S as undefined extends Value<S[K]> ? never : K]: Value<S[K]>
  }
>

/**
 * A route's `validateSearch` from one reader per parameter (the router's validator-adapter form:
 * `parse`, with the types for links). Unknown parameters are dropped; links and `navigate` may
 * leave out any parameter (the readers fill in defaults).
 */
export function searchParams<S extends Shape>(
  shape: S,
): { types: { input: Partial<SearchOf<S>>; output: SearchOf<S> }; parse: (search: unknown) => SearchOf<S> } {
  return {
    // Read by the type checker only.
    types: undefined as never,
    parse: (search) => {
      const raw = (search ?? {}) as Record<string, unknown>
      const out: Record<string, unknown> = {}
      for (const [key, read] of Object.entries(shape)) {
        const value = read(raw[key])
        if (value !== undefined) out[key] = value
      }
      return out as SearchOf<S>
    },
  }
}

/** The zod `uuid()` pattern: RFC 9562 versions 1–8 and variant, or the nil and max UUIDs. */
const uuidPattern =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i

/** Text (a number in the address counts when `coerce`), trimmed when asked, within the lengths. */
export function text({
  min = 0,
  max,
  trim = false,
  coerce = false,
}: {
  min?: number
  max: number
  trim?: boolean
  coerce?: boolean
}): Reader<string | undefined> {
  return (value) => {
    if (coerce && (typeof value === 'number' || typeof value === 'boolean')) value = String(value)
    if (typeof value !== 'string') return undefined
    const s = trim ? value.trim() : value
    return s.length >= min && s.length <= max ? s : undefined
  }
}

/** A UUID. */
export const uuid: Reader<string | undefined> = (value) =>
  typeof value === 'string' && uuidPattern.test(value) ? value : undefined

/** A whole number (also given as text), within the bounds. */
export function integer({ min, max }: { min?: number; max?: number } = {}): Reader<number | undefined> {
  return (value) => {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
    if (!Number.isSafeInteger(n)) return undefined
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) return undefined
    return n
  }
}

/** One of a fixed list of values. */
export function oneOf<const T extends readonly (string | number)[]>(
  values: T,
): Reader<T[number] | undefined> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T[number]) : undefined)
}

/** The value when `accept` says yes. */
export function where<T>(read: Reader<T | undefined>, accept: (value: T) => boolean): Reader<T | undefined> {
  return (value) => {
    const v = read(value)
    return v !== undefined && accept(v) ? v : undefined
  }
}

/** `fallback` instead of `undefined`. */
export function orElse<T>(read: Reader<T | undefined>, fallback: T): Reader<T> {
  return (value) => read(value) ?? fallback
}

/** A real calendar date as `YYYY-MM-DD` (what the ledger API takes). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** A date in the URL; anything else is dropped rather than sent to the API. */
export const dateSearch = where(text({ max: 10 }), isIsoDate)
