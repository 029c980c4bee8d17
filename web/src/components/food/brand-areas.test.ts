import { describe, expect, it } from 'vitest'
import { areaOfPath, brandHides, brandStart } from './brand-areas.ts'

const switches = {
  disable_card: false,
  disable_credit: false,
  disable_payment: false,
  disable_food: false,
  disable_food_court: false,
}
const restaurant = { uuid: '01a22382-fb82-709e-b426-89782b88c4cf' }

describe('the product areas of a restaurant’s domain', () => {
  it('knows each area by its paths, and nothing else', () => {
    expect(areaOfPath('/food')).toBe('food')
    expect(areaOfPath('/food/place/x')).toBe('food')
    expect(areaOfPath('/orders/x')).toBe('food')
    expect(areaOfPath('/cards')).toBe('card')
    expect(areaOfPath('/cards/add')).toBe('card')
    expect(areaOfPath('/order/x')).toBe('card')
    expect(areaOfPath('/bills/x/payment')).toBe('credit')
    expect(areaOfPath('/pay')).toBe('payment')
    expect(areaOfPath('/food-court')).toBe('food_court')
    for (const other of ['/', '/posts', '/profile', '/foodie', '/payments', '/billsx', '/help', '/sign-in'])
      expect(areaOfPath(other), other).toBeNull()
  })

  it('hides only what the brand switched off, never without a brand', () => {
    expect(brandHides(null, '/cards')).toBe(false)
    expect(brandHides(switches, '/cards')).toBe(false)
    const noCards = { ...switches, disable_card: true, disable_credit: true }
    expect(brandHides(noCards, '/cards')).toBe(true)
    expect(brandHides(noCards, '/bills')).toBe(true)
    expect(brandHides(noCards, '/food')).toBe(false)
    expect(brandHides(noCards, '/posts')).toBe(false)
    expect(brandHides({ ...switches, disable_payment: true }, '/pay')).toBe(true)
    expect(brandHides({ ...switches, disable_food: true }, '/food/product/x')).toBe(true)
  })

  it('starts at the restaurant; without food, at home or sign-in', () => {
    expect(brandStart({ ...switches, restaurant }, false)).toEqual({
      to: '/food/place/$uuid',
      params: { uuid: restaurant.uuid },
    })
    expect(brandStart({ ...switches, restaurant }, true)).toMatchObject({ to: '/food/place/$uuid' })
    expect(brandStart({ ...switches, disable_food: true, restaurant }, false)).toEqual({ to: '/sign-in' })
    expect(brandStart({ ...switches, disable_food: true, restaurant }, true)).toEqual({ to: '/home' })
  })
})
