import { describe, expect, it } from 'vitest'
import { defineModule } from './module.ts'
import { defineHook, definePort, need, provide } from './ports.ts'
import { resolveModules, WiringError, wireModules } from './wiring.ts'

// A small platform of its own: `low` offers a port and a keyed hook, `high` fills them.
const directory = definePort<(id: string) => string>({ id: 'low.directory', description: 'names by id' })
const rules = defineHook<{ kind: string; allowed: boolean }>({
  id: 'low.rules',
  description: 'a rule per kind',
  key: (r) => r.kind,
})
const listeners = defineHook<(n: number) => void>({ id: 'low.listeners', description: 'who hears of it' })

const low = defineModule({
  name: 'low',
  offers: [directory, rules, listeners],
  provides: [provide(rules, { kind: 'own', allowed: true })],
  needs: [need(directory, { from: 'high' }), need(rules, { from: 'high', key: 'sold' })],
})
const high = defineModule({
  name: 'high',
  provides: [
    provide(directory, (id) => `name of ${id}`),
    provide(rules, { kind: 'sold', allowed: false }),
    provide(listeners, () => {}),
  ],
})
const problemsOf = (modules: Parameters<typeof resolveModules>[0]) => {
  try {
    resolveModules(modules)
  } catch (err) {
    if (err instanceof WiringError) return err.problems
    throw err
  }
  return []
}

describe('module wiring', () => {
  it('orders the modules lower first, whatever the list order, and binds the ports', () => {
    const wiring = wireModules([high, low])
    expect(wiring.order).toEqual(['low', 'high'])
    expect(wiring.ports).toEqual([
      { id: 'low.directory', providers: ['high'] },
      { id: 'low.rules', providers: ['low', 'high'] },
      { id: 'low.listeners', providers: ['high'] },
    ])
    expect(directory.get()('7')).toBe('name of 7')
    expect(rules.find('sold')).toEqual({ kind: 'sold', allowed: false })
    expect(rules.find('unknown')).toBeUndefined()
    expect(listeners.all()).toHaveLength(1)
  })

  it('stops start-up when a needed piece is missing, naming both modules', () => {
    expect(() => resolveModules([low])).toThrow(WiringError)
    expect(problemsOf([low])).toEqual([
      'module low needs low.directory (names by id) from module high, which is not loaded',
      'module low needs low.rules (a rule per kind, for sold) from module high, which is not loaded',
    ])
    const silent = defineModule({
      name: 'high',
      provides: [provide(rules, { kind: 'sold', allowed: false })],
    })
    expect(problemsOf([low, silent])).toEqual([
      'module low needs low.directory (names by id) from module high, which does not provide it',
    ])
  })

  it('refuses a port filled twice, a key given twice, a port nobody offers and a circle', () => {
    const again = defineModule({ name: 'again', provides: [provide(directory, () => 'x')] })
    expect(problemsOf([low, high, again])).toContain(
      'low.directory (names by id) is provided more than once: by module high and module again',
    )
    const twice = defineModule({ name: 'twice', provides: [provide(rules, { kind: 'sold', allowed: true })] })
    expect(problemsOf([low, high, twice])).toContain(
      'low.rules (a rule per kind, for sold) is provided twice: by module high and module twice',
    )
    expect(problemsOf([high])).toContain(
      'module high provides low.directory (names by id), but module low is not loaded',
    )
    const a = definePort<number>({ id: 'a.port', description: 'a' })
    const b = definePort<number>({ id: 'b.port', description: 'b' })
    const ma = defineModule({ name: 'a', offers: [a], provides: [provide(b, 1)] })
    const mb = defineModule({ name: 'b', offers: [b], provides: [provide(a, 2)] })
    expect(problemsOf([ma, mb])).toEqual(['modules a, b provide to each other in a circle'])
  })

  it('fails closed when a port is read without wiring', () => {
    const unbound = definePort<number>({ id: 'lonely.port', description: 'never wired' })
    const hook = defineHook<number>({ id: 'lonely.hook', description: 'never wired either' })
    expect(() => unbound.get()).toThrow(/lonely.port \(never wired\) is not wired/)
    expect(() => hook.all()).toThrow(/lonely.hook/)
  })
})
