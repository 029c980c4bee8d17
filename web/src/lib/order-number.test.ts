import { describe, expect, it } from 'vitest'
import { orderNumber as serverOrderNumber } from '../../../modules/food/shared.ts'
import { orderNumber } from './order-number.ts'

describe('a food order’s number', () => {
  it('is written `#4` on every screen', () => {
    expect(orderNumber(4)).toBe('#4')
    expect(orderNumber('12')).toBe('#12')
    expect(orderNumber(7n)).toBe('#7')
  })

  it('is written as e-mails and receipts write it', () => {
    for (const n of [1, '12', 7n, 123456]) expect(orderNumber(n)).toBe(serverOrderNumber(n))
  })
})
