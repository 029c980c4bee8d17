import { describe, expect, it } from 'vitest'
import { integer, oneOf, orElse, searchParams, text, uuid, where } from './search-params.ts'

describe('search parameter readers', () => {
  it('text: strings within the lengths, trimmed when asked, numbers only when coerced', () => {
    expect(text({ max: 5 })('abc')).toBe('abc')
    expect(text({ max: 5 })('abcdef')).toBeUndefined()
    expect(text({ min: 1, max: 5 })('')).toBeUndefined()
    expect(text({ max: 5, trim: true })('  ab  ')).toBe('ab')
    expect(text({ max: 5 })(123)).toBeUndefined()
    expect(text({ max: 5, coerce: true })(123)).toBe('123')
    expect(text({ max: 5 })(undefined)).toBeUndefined()
    expect(text({ max: 5 })({ a: 1 })).toBeUndefined()
  })

  it('uuid: the pattern zod checks', () => {
    expect(uuid('01a215e1-8056-7222-880d-7b1e0255cb70')).toBe('01a215e1-8056-7222-880d-7b1e0255cb70')
    expect(uuid('00000000-0000-0000-0000-000000000000')).toBeDefined()
    expect(uuid('01a215e1-8056-9222-880d-7b1e0255cb70')).toBeUndefined()
    expect(uuid('nope')).toBeUndefined()
    expect(uuid(42)).toBeUndefined()
  })

  it('integer: whole numbers, also as text, within the bounds', () => {
    expect(integer()(3)).toBe(3)
    expect(integer()('3')).toBe(3)
    expect(integer()('3.5')).toBeUndefined()
    expect(integer()('')).toBeUndefined()
    expect(integer()('abc')).toBeUndefined()
    expect(integer({ min: 1 })(0)).toBeUndefined()
    expect(integer({ min: 0, max: 3 })(4)).toBeUndefined()
    expect(integer({ min: 0, max: 3 })(2)).toBe(2)
  })

  it('oneOf, where and orElse', () => {
    const filter = orElse(oneOf(['all', 'draft'] as const), 'all')
    expect(filter('draft')).toBe('draft')
    expect(filter('other')).toBe('all')
    expect(filter(undefined)).toBe('all')
    const even = where(integer(), (n) => n % 2 === 0)
    expect(even(4)).toBe(4)
    expect(even(3)).toBeUndefined()
  })
})

describe('searchParams', () => {
  const schema = searchParams({
    page: orElse(integer({ min: 1 }), 1),
    q: text({ max: 10, trim: true }),
    order: uuid,
  })

  it('keeps valid values, drops bad and unknown ones, fills in defaults', () => {
    expect(schema.parse({})).toEqual({ page: 1 })
    expect(schema.parse({ page: '2', q: ' tea ', order: 'x', other: 'y' })).toEqual({ page: 2, q: 'tea' })
    expect(schema.parse({ page: -1, q: 'far too long a query' })).toEqual({ page: 1 })
    expect(schema.parse(undefined)).toEqual({ page: 1 })
  })
})
