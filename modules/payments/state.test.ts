import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type AttemptStatus,
  attemptStatuses,
  canTransition,
  derivePaymentStatus,
  nextAttemptStatus,
  nextPaymentStatus,
  type paymentStatuses,
} from './state.ts'

describe('payment state machine', () => {
  it('allows the forward steps and refuses going back', () => {
    expect(canTransition('created', 'pending')).toBe(true)
    expect(canTransition('pending', 'paid')).toBe(true)
    expect(canTransition('paid', 'partially_refunded')).toBe(true)
    expect(canTransition('partially_refunded', 'refunded')).toBe(true)
    expect(canTransition('failed', 'pending')).toBe(true)
    expect(canTransition('expired', 'paid')).toBe(true)
    expect(canTransition('paid', 'pending')).toBe(false)
    expect(canTransition('paid', 'failed')).toBe(false)
    // Only a late (duplicate) capture raises a refunded payment again, until it is given back.
    expect(canTransition('refunded', 'paid')).toBe(true)
    expect(canTransition('partially_refunded', 'paid')).toBe(true)
    expect(canTransition('refunded', 'pending')).toBe(false)
    expect(canTransition('expired', 'pending')).toBe(false)
  })

  it('derives the status from attempts and refunds', () => {
    const base = { amount: 1000n, captured: 1000n, refunded: 0n, expired: false }
    expect(derivePaymentStatus({ ...base, attempts: [] })).toBe('created')
    expect(derivePaymentStatus({ ...base, expired: true, attempts: [] })).toBe('expired')
    expect(derivePaymentStatus({ ...base, attempts: [{ number: 1, status: 'open' }] })).toBe('pending')
    expect(derivePaymentStatus({ ...base, attempts: [{ number: 1, status: 'failed' }] })).toBe('failed')
    expect(
      derivePaymentStatus({
        ...base,
        attempts: [
          { number: 1, status: 'paid' },
          { number: 2, status: 'failed' },
        ],
      }),
    ).toBe('paid')
    expect(derivePaymentStatus({ ...base, refunded: 400n, attempts: [{ number: 1, status: 'paid' }] })).toBe(
      'partially_refunded',
    )
    expect(derivePaymentStatus({ ...base, refunded: 1000n, attempts: [{ number: 1, status: 'paid' }] })).toBe(
      'refunded',
    )
    // Captured twice: paid while the duplicate is out, and after it came back; refunded when all is back.
    const twice = { ...base, captured: 2000n, attempts: [{ number: 1, status: 'paid' as const }] }
    expect(derivePaymentStatus(twice)).toBe('paid')
    expect(derivePaymentStatus({ ...twice, refunded: 1000n })).toBe('paid')
    expect(derivePaymentStatus({ ...twice, refunded: 1500n })).toBe('partially_refunded')
    expect(derivePaymentStatus({ ...twice, refunded: 2000n })).toBe('refunded')
  })

  it('never lets a paid attempt or payment step back, whatever the provider reports in whatever order', () => {
    const status = fc.constantFrom(...(attemptStatuses.filter((s) => s !== 'creating') as AttemptStatus[]))
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 12 }), (reports) => {
        let attempt: AttemptStatus = 'creating'
        let payment: (typeof paymentStatuses)[number] = 'created'
        let seenPaid = false
        for (const r of reports) {
          attempt = nextAttemptStatus(attempt, r)
          const derived = derivePaymentStatus({
            amount: 100n,
            captured: 100n,
            refunded: 0n,
            expired: false,
            attempts: [{ number: 1, status: attempt }],
          })
          const next = nextPaymentStatus(payment, derived)
          expect(canTransition(payment, next)).toBe(true)
          payment = next
          if (r === 'paid') seenPaid = true
          if (seenPaid) expect(payment).toBe('paid')
        }
      }),
      { numRuns: 2000 },
    )
  })
})
