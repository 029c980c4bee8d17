/**
 * Ports: the extension points through which modules meet without importing upwards. A lower module
 * defines a port for what it needs from the modules above it (payments: the facts of the program a
 * payment is in; identity: who wants to hear of a new acceptor) and exports it from its index.ts; a
 * higher module fills it in its `defineModule({ provides: [provide(port, value)] })`, and a module
 * that cannot work without it says so with `needs: [need(port, { from: 'programs' })]`.
 *
 * `resolveModules(...)` (wiring.ts) checks every module's provides and needs when a process starts
 * and binds the ports, in dependency order; a required piece nobody provides stops start-up with a
 * message naming both modules. Reading a port that was never bound throws: a module used without
 * its wiring refuses instead of letting requests through. Nothing is registered by importing a file.
 *
 * - `definePort<T>(...)`: exactly one provider; `port.get()` answers its value.
 * - `defineHook<T>(...)`: any number of contributions (each module may give several);
 *   `hook.all()` answers them in dependency order. With `key`, each key may be given once and
 *   `hook.find(key)` answers that contribution (refund rules per payable kind, step checks per
 *   program type).
 */

interface PortSpec {
  /** `<owner module>.<name>`, e.g. `payments.program-directory`; named in start-up errors. */
  id: string
  /** What is asked for, in a few words (named in start-up errors). */
  description: string
}

export interface Port<T> {
  readonly kind: 'port'
  readonly id: string
  /** The module that defines the port (the part of `id` before the first dot). */
  readonly owner: string
  readonly description: string
  /** The provided value. Throws when the port was never bound (fail closed). */
  get(): T
  /** Types only: lets `provide(port, value)` check the value. Never set. */
  readonly _value?: T
}

export interface Hook<T> {
  readonly kind: 'hook'
  readonly id: string
  readonly owner: string
  readonly description: string
  readonly key: ((contribution: T) => string) | undefined
  /** Every contribution. Throws when the hook was never bound (fail closed). */
  all(): readonly T[]
  /** The contribution for `key` (keyed hooks), or undefined. Throws when never bound. */
  find(key: string): T | undefined
  readonly _value?: T
}

// biome-ignore lint/suspicious/noExplicitAny: a module's definition lists ports of many value types
export type AnyPort = Port<any> | Hook<any>

/** One module's contribution to a port or hook: `provide(port, value)`. */
export interface Provision {
  readonly port: AnyPort
  readonly value: unknown
}

/** A port or hook a module cannot work without, and the module expected to fill it. */
export interface Need {
  readonly port: AnyPort
  /** The module that provides it (named, with the needing module, when it is missing). */
  readonly from: string
  /** For keyed hooks: the key that must be given (e.g. a program type). */
  readonly key?: string
}

/** What a bound port or hook holds: the contributions of each providing module. */
interface Binding {
  byModule: Map<string, readonly unknown[]>
}

const bindings = new WeakMap<AnyPort, Binding>()

class UnwiredError extends Error {
  override name = 'UnwiredError'
}

function unwired(port: AnyPort): never {
  throw new UnwiredError(
    `${port.id} (${port.description}) is not wired: module ${port.owner} was started without resolveModules(...)`,
  )
}

const ownerOf = (id: string) => {
  const owner = id.split('.')[0]
  if (!owner || owner === id) throw new Error(`a port id reads <module>.<name>: ${id}`)
  return owner
}

export function definePort<T>(spec: PortSpec): Port<T> {
  const port: Port<T> = {
    kind: 'port',
    id: spec.id,
    owner: ownerOf(spec.id),
    description: spec.description,
    get() {
      const binding = bindings.get(port)
      if (!binding) unwired(port)
      const values = [...binding.byModule.values()].find((v) => v.length)
      if (!values) {
        throw new UnwiredError(`${port.id} (${port.description}): no module provides it in this process`)
      }
      return values[0] as T
    },
  }
  return port
}

export function defineHook<T>(spec: PortSpec & { key?: (contribution: T) => string }): Hook<T> {
  const hook: Hook<T> = {
    kind: 'hook',
    id: spec.id,
    owner: ownerOf(spec.id),
    description: spec.description,
    key: spec.key,
    all() {
      const binding = bindings.get(hook)
      if (!binding) unwired(hook)
      return [...binding.byModule.values()].flat() as T[]
    },
    find(key) {
      if (!hook.key) throw new Error(`${hook.id} is not keyed`)
      return hook.all().find((c) => hook.key?.(c) === key)
    },
  }
  return hook
}

/** A module's contribution to a port (its one value) or hook (one contribution; list several). */
export function provide<T>(port: Port<T> | Hook<T>, value: T): Provision {
  return { port, value }
}

/** A port or hook the module cannot work without, filled by module `from` (with `key`, for keyed hooks). */
export function need(port: AnyPort, opts: { from: string; key?: string | number }): Need {
  return { port, from: opts.from, ...(opts.key !== undefined ? { key: String(opts.key) } : {}) }
}

/**
 * Binds a port or hook to the contributions of the modules that provide it. Only the start-up
 * wiring calls this (wiring.ts, after its checks). A process that starts several module sets (the
 * tests do) keeps the contributions of earlier sets; a module's own contributions are replaced.
 */
export function bindPort(port: AnyPort, byModule: ReadonlyMap<string, readonly unknown[]>): void {
  const binding = bindings.get(port) ?? { byModule: new Map() }
  for (const [module, values] of byModule) binding.byModule.set(module, values)
  if (port.kind === 'port') {
    const providers = [...binding.byModule].filter(([, v]) => v.length)
    if (providers.length > 1) {
      throw new Error(
        `${port.id} is provided by both module ${providers[0]?.[0]} and module ${providers[1]?.[0]}`,
      )
    }
  }
  bindings.set(port, binding)
}
