import { describe, expect, it } from 'vitest'
import { orderNumber } from './order-number.ts'

describe('a food order’s number', () => {
  it('is written `#4` on every screen', () => {
    expect(orderNumber(4)).toBe('#4')
    expect(orderNumber('12')).toBe('#12')
    expect(orderNumber(7n)).toBe('#7')
  })
})
