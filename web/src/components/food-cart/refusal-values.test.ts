import { describe, expect, it } from 'vitest'
import { refusalValues } from './refusal-values.ts'

describe('the values of an ordering refusal', () => {
  it('says the minimum order amount as money of its currency', () => {
    expect(refusalValues('en', 'min_order_amount', { amount: 1500, currency: 'EUR' })).toEqual({
      kind: 'minimum',
      amount: '€15.00',
    })
    expect(refusalValues('nl', 'min_order_amount', { amount: 1500, currency: 'EUR' })).toMatchObject({
      kind: 'minimum',
      amount: expect.stringMatching(/^€\s15,00$/),
    })
  })

  it('gives the end of a pause on the restaurant’s clock', () => {
    expect(
      refusalValues('en-GB', 'ordering_paused', { until: '2026-11-28T19:30:00.000Z' }, 'Europe/Amsterdam'),
    ).toEqual({ kind: 'paused', until: '20:30' })
  })

  it('keeps the owner’s own words, and nothing else of the API', () => {
    expect(refusalValues('en', 'order_limit_reached', { message: ' Back at 9. ' })).toEqual({
      kind: 'plain',
      own: 'Back at 9.',
    })
    expect(refusalValues('en', 'min_order_amount', {})).toEqual({ kind: 'plain', own: '' })
    expect(refusalValues('en', 'ordering_paused', { until: 'soon' })).toEqual({ kind: 'plain', own: '' })
  })
})
