/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with nested keys in brackets:
 * `line_items[0][price_data][currency]=eur`, `expand[]=latest_charge`. The adapter encodes with
 * `encodeForm`; the local fake decodes with `decodeForm`, so both sides agree on one notation.
 */

export type FormValue =
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined
  | readonly FormValue[]
  | { readonly [key: string]: FormValue }

/** Nested params to a form body. `undefined` is left out; `null` is sent empty (Stripe's "unset"). */
export function encodeForm(params: Record<string, FormValue>): string {
  const out = new URLSearchParams()
  const walk = (key: string, value: FormValue): void => {
    if (value === undefined) return
    if (value === null) out.append(key, '')
    else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(`${key}[${i}]`, v)
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, FormValue>)) walk(`${key}[${k}]`, v)
    } else out.append(key, String(value))
  }
  for (const [k, v] of Object.entries(params)) walk(k, v)
  return out.toString()
}

export type FormTree = { [key: string]: string | FormTree | (string | FormTree)[] }

/**
 * A form body (or query string) back to nested objects and arrays of strings. `a[]` appends and
 * `a[0]` indexes, as Stripe accepts both. Keys a caller could use to reach Object.prototype are dropped.
 */
export function decodeForm(body: string | URLSearchParams): FormTree {
  const params = typeof body === 'string' ? new URLSearchParams(body) : body
  const root: FormTree = {}
  for (const [rawKey, value] of params) {
    const head = rawKey.match(/^[^[]+/)?.[0]
    if (!head) continue
    const path = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')]
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue
    // biome-ignore lint/suspicious/noExplicitAny: a tree of unknown shape is built one segment at a time
    let node: any = root
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]!
      const last = i === path.length - 1
      const nextIsIndex = !last && (path[i + 1] === '' || /^\d+$/.test(path[i + 1]!))
      const key = Array.isArray(node) ? (seg === '' ? node.length : Number(seg)) : seg
      if (last) node[key] = value
      else {
        if (node[key] === undefined || typeof node[key] === 'string') node[key] = nextIsIndex ? [] : {}
        node = node[key]
      }
    }
  }
  return root
}
