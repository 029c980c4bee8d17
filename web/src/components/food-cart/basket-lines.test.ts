import { describe, expect, it } from 'vitest'
import { clampQuantity, lineKey, quantityInBasket } from './basket-lines.ts'

const basket = {
  restaurants: [
    {
      products: [
        { product_id: 'p1', product_variant: null, product_extras: [], quantity: 2 },
        {
          product_id: 'p1',
          product_variant: { uuid: 'large' },
          product_extras: [{ uuid: 'b' }, { uuid: 'a' }],
          quantity: 3,
        },
      ],
    },
    { products: [{ product_id: 'p2', product_variant: null, product_extras: [], quantity: 1 }] },
  ],
}

describe('basket lines', () => {
  it('are a product with its variant and its extras in any order', () => {
    expect(lineKey('p', null, ['b', 'a'])).toBe(lineKey('p', null, ['a', 'b']))
    expect(lineKey('p', 'v', [])).not.toBe(lineKey('p', null, []))
  })

  it('finds how many of a combination the basket holds, across restaurants', () => {
    expect(quantityInBasket(basket, 'p1', null, [])).toBe(2)
    expect(quantityInBasket(basket, 'p1', 'large', ['a', 'b'])).toBe(3)
    expect(quantityInBasket(basket, 'p1', 'large', ['a'])).toBe(0)
    expect(quantityInBasket(basket, 'p2', null, [])).toBe(1)
    expect(quantityInBasket(undefined, 'p2', null, [])).toBe(0)
  })

  it('keeps counts whole between 0 and 9999', () => {
    expect(clampQuantity(-1)).toBe(0)
    expect(clampQuantity(2.7)).toBe(2)
    expect(clampQuantity(12345)).toBe(9999)
    expect(clampQuantity(Number.NaN)).toBe(0)
  })
})
