import { describe, expect, it } from 'vitest'
import { allocate, courtFeeOf, percentToBp } from './shared.ts'

/** A small fast PRNG so a failing run can be repeated from its seed. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('court fee allocation (property)', () => {
  it('Σ payouts + fee + refunds = charge to the cent for 10 000+ random carts', () => {
    const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 1_000_000)
    const r = rng(seed)
    const int = (n: number) => Math.floor(r() * n)
    for (let run = 0; run < 12_000; run++) {
      const restaurants = 1 + int(6)
      const grosses: bigint[] = []
      for (let k = 0; k < restaurants; k++) {
        // items × prices, plus sometimes a delivery cost
        let g = 0n
        const items = 1 + int(8)
        for (let j = 0; j < items; j++) g += BigInt((1 + int(4)) * (1 + int(5000)))
        if (r() < 0.4) g += BigInt(int(800))
        grosses.push(g)
      }
      const fee =
        r() < 0.5
          ? { percent_bp: r() < 0.1 ? (r() < 0.5 ? 0 : 10000) : int(10001) }
          : { fixed: BigInt(r() < 0.05 ? int(1_000_000) : int(2000)) }
      const a = allocate(grosses, fee)
      const ctx = {
        seed,
        run,
        grosses: grosses.map(String),
        fee: JSON.stringify(fee, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
      }
      expect(
        a.parts.reduce((s, p) => s + p.fee, 0n),
        JSON.stringify(ctx),
      ).toBe(a.fee)
      expect(a.fee, JSON.stringify(ctx)).toBe(courtFeeOf(a.charge, fee))
      for (const p of a.parts) {
        expect(p.fee >= 0n && p.fee <= p.gross, JSON.stringify(ctx)).toBe(true)
        expect(p.amount + p.fee).toBe(p.gross)
      }
      // Some restaurants reject their part: its gross goes back to the guest, the court forgoes its fee share.
      const rejected = a.parts.map(() => r() < 0.2)
      const payouts = a.parts.reduce((s, p, i) => s + (rejected[i] ? 0n : p.amount), 0n)
      const refunds = a.parts.reduce((s, p, i) => s + (rejected[i] ? p.gross : 0n), 0n)
      const feeKept = a.parts.reduce((s, p, i) => s + (rejected[i] ? 0n : p.fee), 0n)
      expect(payouts + feeKept + refunds, JSON.stringify(ctx)).toBe(a.charge)
    }
  })

  it('rounds the percent fee half up and caps the fixed fee at the charge', () => {
    expect(courtFeeOf(1000n, { percent_bp: 250 })).toBe(25n)
    expect(courtFeeOf(1020n, { percent_bp: 250 })).toBe(26n) // 25.5 → 26
    expect(courtFeeOf(1019n, { percent_bp: 250 })).toBe(25n) // 25.475 → 25
    expect(courtFeeOf(300n, { fixed: 500n })).toBe(300n)
    expect(allocate([100n, 100n, 100n], { fixed: 100n }).parts.map((p) => p.fee)).toEqual([34n, 33n, 33n])
    expect(percentToBp('2,5')).toBe(250)
    expect(percentToBp(100)).toBe(10000)
    expect(percentToBp('1.234')).toBe(null)
  })
})
