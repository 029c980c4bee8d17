import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardState, redeem, reversalWindowMs, reverse, whyNotReversible } from './redemption.ts'

const now = new Date('2027-03-01T12:00:00Z')

describe('spending a card', () => {
  it('takes an amount and a use, leaving the rest on the card', () => {
    expect(redeem({ balance: 2500n, uses_left: 3 }, 1000n)).toEqual({
      ok: true,
      outcome: {
        amount: 1000n,
        forfeited: 0n,
        balance_after: 1500n,
        uses_left_after: 2,
        status_after: 'active',
      },
    })
    expect(redeem({ balance: 2500n, uses_left: null }, 1n)).toEqual({
      ok: true,
      outcome: {
        amount: 1n,
        forfeited: 0n,
        balance_after: 2499n,
        uses_left_after: null,
        status_after: 'active',
      },
    })
  })

  it('is used when the balance reaches 0, uses left or not', () => {
    expect(redeem({ balance: 2500n, uses_left: 3 }, 2500n)).toMatchObject({
      ok: true,
      outcome: { forfeited: 0n, balance_after: 0n, uses_left_after: 2, status_after: 'used' },
    })
    expect(redeem({ balance: 700n, uses_left: null }, 700n)).toMatchObject({
      ok: true,
      outcome: { balance_after: 0n, uses_left_after: null, status_after: 'used' },
    })
  })

  it('forfeits what is left with the last use', () => {
    expect(redeem({ balance: 2500n, uses_left: 1 }, 1000n)).toEqual({
      ok: true,
      outcome: {
        amount: 1000n,
        forfeited: 1500n,
        balance_after: 0n,
        uses_left_after: 0,
        status_after: 'used',
      },
    })
    // Spending it all with the last use forfeits nothing.
    expect(redeem({ balance: 2500n, uses_left: 1 }, 2500n)).toMatchObject({
      ok: true,
      outcome: { forfeited: 0n, balance_after: 0n, status_after: 'used' },
    })
  })

  it('refuses more than the balance, nothing, and anything from a used card', () => {
    expect(redeem({ balance: 2500n, uses_left: 3 }, 2501n)).toEqual({
      ok: false,
      refusal: { reason: 'above_balance', balance: 2500n },
    })
    expect(redeem({ balance: 2500n, uses_left: 3 }, 0n)).toEqual({
      ok: false,
      refusal: { reason: 'amount_not_positive' },
    })
    expect(redeem({ balance: 0n, uses_left: 2 }, 1n)).toEqual({
      ok: false,
      refusal: { reason: 'above_balance', balance: 0n },
    })
    expect(redeem({ balance: 500n, uses_left: 0 }, 1n)).toEqual({
      ok: false,
      refusal: { reason: 'above_balance', balance: 0n },
    })
  })

  it('never creates or loses value: amount + forfeited + balance after = balance before', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        (balance, usesLeft, amount) => {
          const r = redeem({ balance, uses_left: usesLeft }, amount)
          if (amount > balance) return !r.ok
          if (!r.ok) return false
          const o = r.outcome
          return (
            o.amount + o.forfeited + o.balance_after === balance &&
            o.forfeited >= 0n &&
            (o.forfeited === 0n || o.uses_left_after === 0) &&
            (o.status_after === 'used') === (o.balance_after === 0n) &&
            o.uses_left_after === (usesLeft === null ? null : usesLeft - 1)
          )
        },
      ),
    )
  })
})

describe('a card’s state', () => {
  const card = (status: string, expires_at: Date | null = null) => ({ status, expires_at })
  it('is blocked first, then used, then expired, else as stored', () => {
    const past = new Date(now.getTime() - 1)
    expect(cardState(card('active'), false, now)).toBe('active')
    expect(cardState(card('issued'), false, now)).toBe('issued')
    expect(cardState(card('active', now), false, now)).toBe('expired')
    expect(cardState(card('issued', past), false, now)).toBe('expired')
    expect(cardState(card('used', past), false, now)).toBe('used')
    expect(cardState(card('used'), true, now)).toBe('blocked')
    expect(cardState(card('active'), true, now)).toBe('blocked')
    expect(cardState(card('blocked'), false, now)).toBe('blocked')
    expect(cardState(card('active', new Date(now.getTime() + 1)), false, now)).toBe('active')
  })
})

describe('reversing a redemption', () => {
  const taken = (over: Partial<{ status: string; forfeited: bigint; created_at: Date }> = {}) => ({
    status: 'completed',
    forfeited: 0n,
    created_at: new Date(now.getTime() - 60_000),
    ...over,
  })

  it('is possible once, within 24 hours, without forfeit, on a card that can be spent', () => {
    expect(whyNotReversible(taken(), 'active', now)).toBeNull()
    expect(whyNotReversible(taken(), 'used', now)).toBeNull()
    expect(
      whyNotReversible(taken({ created_at: new Date(now.getTime() - reversalWindowMs) }), 'active', now),
    ).toBeNull()
    expect(whyNotReversible(taken({ status: 'reversed' }), 'active', now)).toBe('reversed')
    expect(
      whyNotReversible(taken({ created_at: new Date(now.getTime() - reversalWindowMs - 1) }), 'active', now),
    ).toBe('too_late')
    expect(whyNotReversible(taken({ forfeited: 1n }), 'used', now)).toBe('forfeited')
    expect(whyNotReversible(taken(), 'expired', now)).toBe('card_expired')
    expect(whyNotReversible(taken(), 'blocked', now)).toBe('card_blocked')
  })

  it('puts the amount and the use back, and the card is active again', () => {
    expect(reverse({ balance: 0n, uses_left: 2, use_number: 3 }, { amount: 2500n })).toEqual({
      balance: 2500n,
      uses_left: 3,
      status: 'active',
    })
    expect(reverse({ balance: 100n, uses_left: null, use_number: null }, { amount: 50n })).toEqual({
      balance: 150n,
      uses_left: null,
      status: 'active',
    })
  })

  it('undoes a redemption exactly when nothing was forfeited', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.integer({ min: 2, max: 1000 }),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        (balance, usesLeft, amount) => {
          fc.pre(amount <= balance)
          const r = redeem({ balance, uses_left: usesLeft }, amount)
          if (!r.ok || r.outcome.forfeited > 0n) return true
          const back = reverse(
            { balance: r.outcome.balance_after, uses_left: r.outcome.uses_left_after, use_number: 1000 },
            { amount },
          )
          return back.balance === balance && back.uses_left === usesLeft
        },
      ),
    )
  })
})
