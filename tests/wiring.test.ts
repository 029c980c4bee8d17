import { describe, expect, it } from 'vitest'
import { modules } from '../modules/index.ts'
import { resolveModules } from '../modules/platform/wiring.ts'

const without = (name: string) => modules.filter((m) => m.name !== name)

describe('the platform’s wiring', () => {
  it('resolves every module in dependency order', () => {
    const { order, ports } = resolveModules(modules)
    expect(new Set(order)).toEqual(new Set(modules.map((m) => m.name)))
    const lowerFirst = (a: string, b: string) => order.indexOf(a) < order.indexOf(b)
    expect(lowerFirst('payments', 'programs')).toBe(true)
    expect(lowerFirst('programs', 'cards')).toBe(true)
    expect(lowerFirst('identity', 'programs')).toBe(true)
    expect(ports).toContainEqual({ id: 'payments.program-directory', providers: ['programs'] })
    expect(ports).toContainEqual({ id: 'identity.acceptor-registered', providers: ['programs'] })
  })

  it('does not start without the module that gives payments its program facts', () => {
    expect(() => resolveModules(without('programs'))).toThrow(
      /module payments needs payments\.program-directory \(.*\) from module programs, which is not loaded/,
    )
  })

  it('does not start without the module that checks a card program’s steps', () => {
    expect(() => resolveModules(without('cards'))).toThrow(
      /module programs needs programs\.step-checks \(.*, for 1001\) from module cards, which is not loaded/,
    )
  })

  it('does not start without the module that checks a food program’s steps', () => {
    expect(() => resolveModules(without('food'))).toThrow(
      /module programs needs programs\.step-checks \(.*, for 4001\) from module food, which is not loaded/,
    )
  })

  it('does not start when the provider is loaded but no longer provides it', () => {
    const programs = modules.find((m) => m.name === 'programs')!
    const silent = {
      ...programs,
      provides: programs.provides?.filter((p) => p.port.id !== 'payments.program-directory'),
    }
    expect(() => resolveModules(modules.map((m) => (m === programs ? silent : m)))).toThrow(
      /module payments needs payments\.program-directory \(.*\) from module programs, which does not provide it/,
    )
  })
})
