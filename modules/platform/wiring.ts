import type { ModuleDefinition } from './module.ts'
import { type AnyPort, bindPort } from './ports.ts'

/** How the modules of one process meet, as resolved at start-up. */
export interface Wiring {
  /** Module names, each after the modules whose ports it fills or needs (lower modules first). */
  order: string[]
  /** Every offered port or hook with the modules that fill it, in that order. */
  ports: { id: string; providers: string[] }[]
  /** What each port is bound to: its contributions per providing module. */
  bindings: Map<AnyPort, Map<string, unknown[]>>
}

/** Start-up stopped: the listed pieces of wiring are missing or contradict each other. */
export class WiringError extends Error {
  override name = 'WiringError'
  readonly problems: readonly string[]
  constructor(problems: readonly string[]) {
    super(
      `the modules cannot start, their wiring is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
    this.problems = problems
  }
}

const described = (port: AnyPort, key?: string) =>
  `${port.id} (${port.description}${key !== undefined ? `, for ${key}` : ''})`

/**
 * Checks the modules' `offers`, `provides` and `needs` (ports.ts) and answers the wiring in
 * dependency order: a port's owner before the modules that fill it, a module before those it needs
 * something from. Binds nothing (see `installWiring`). Throws a `WiringError` naming every problem:
 * a needed piece that its module does not provide or that is not loaded (naming both modules), a
 * port filled twice, a contribution to a port that no loaded module offers, a circle.
 */
export function resolveModules(modules: readonly ModuleDefinition[]): Wiring {
  const problems: string[] = []
  const names = modules.map((m) => m.name)
  const loaded = new Set<string>()
  for (const name of names) {
    if (loaded.has(name)) problems.push(`two modules are named ${name}`)
    loaded.add(name)
  }

  const before = new Map(names.map((n) => [n, new Set<string>()]))
  const lowerFirst = (lower: string, higher: string) => {
    if (lower !== higher) before.get(higher)?.add(lower)
  }

  const bindings = new Map<AnyPort, Map<string, unknown[]>>()
  for (const m of modules) {
    for (const port of m.offers ?? []) {
      if (port.owner !== m.name)
        problems.push(`module ${m.name} offers ${port.id}, which is module ${port.owner}'s`)
      else bindings.set(port, new Map())
    }
  }

  for (const m of modules) {
    for (const { port, value } of m.provides ?? []) {
      const slot = bindings.get(port)
      if (!slot) {
        problems.push(
          `module ${m.name} provides ${described(port)}, but module ${port.owner} ${loaded.has(port.owner) ? 'does not offer it' : 'is not loaded'}`,
        )
        continue
      }
      lowerFirst(port.owner, m.name)
      slot.set(m.name, [...(slot.get(m.name) ?? []), value])
    }
  }

  for (const [port, slot] of bindings) {
    const given = [...slot].flatMap(([module, values]) => values.map((value) => ({ module, value })))
    if (port.kind === 'port' && given.length > 1) {
      problems.push(
        `${described(port)} is provided more than once: by ${given.map((g) => `module ${g.module}`).join(' and ')}`,
      )
    }
    if (port.kind === 'hook' && port.key) {
      const first = new Map<string, string>()
      for (const g of given) {
        const key = port.key(g.value)
        const earlier = first.get(key)
        if (earlier !== undefined) {
          problems.push(
            `${described(port, key)} is provided twice: by module ${earlier} and module ${g.module}`,
          )
        } else first.set(key, g.module)
      }
    }
  }

  for (const m of modules) {
    for (const n of m.needs ?? []) {
      const what = `module ${m.name} needs ${described(n.port, n.key)} from module ${n.from}`
      if (!loaded.has(n.from)) {
        problems.push(`${what}, which is not loaded`)
        continue
      }
      const slot = bindings.get(n.port)
      if (!slot) {
        problems.push(
          `${what}, but module ${n.port.owner}, which offers it, is not loaded or does not offer it`,
        )
        continue
      }
      const values = slot.get(n.from) ?? []
      const { port } = n
      const found =
        n.key === undefined
          ? values.length > 0
          : port.kind === 'hook' && port.key !== undefined && values.some((v) => port.key?.(v) === n.key)
      if (!found) problems.push(`${what}, which does not provide it`)
      lowerFirst(m.name, n.from)
    }
  }

  // Dependency order, stable: among the modules whose lower modules are placed, the first listed.
  const order: string[] = []
  const placed = new Set<string>()
  while (order.length < loaded.size) {
    const next = names.find((n) => !placed.has(n) && [...(before.get(n) ?? [])].every((b) => placed.has(b)))
    if (next === undefined) {
      const rest = names.filter((n) => !placed.has(n))
      problems.push(`modules ${rest.join(', ')} provide to each other in a circle`)
      break
    }
    order.push(next)
    placed.add(next)
  }

  if (problems.length) throw new WiringError(problems)

  const rank = (module: string) => order.indexOf(module)
  const ordered = new Map(
    [...bindings]
      .sort(([a], [b]) => rank(a.owner) - rank(b.owner))
      .map(([port, slot]) => [port, new Map([...slot].sort(([a], [b]) => rank(a) - rank(b)))]),
  )
  return {
    order,
    ports: [...ordered].map(([port, slot]) => ({ id: port.id, providers: [...slot.keys()] })),
    bindings: ordered,
  }
}

/** Binds every port of a resolved wiring, in dependency order. */
export function installWiring(wiring: Wiring): void {
  for (const [port, slot] of wiring.bindings) bindPort(port, slot)
}

/**
 * What each process does once when it starts (API, worker, the tests' contexts): resolve the
 * modules' wiring (throws when a needed piece is missing) and bind it.
 */
export function wireModules(modules: readonly ModuleDefinition[]): Wiring {
  const wiring = resolveModules(modules)
  installWiring(wiring)
  return wiring
}
