import { describe, expect, it } from 'vitest'
import { accounts, type LedgerEntryRequest, validatePosting } from '../ledger/index.ts'
import { partPaidOutEntry, partRefundedEntry, partSaleEntry } from './postings.ts'
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

/**
 * The court order's money in the ledger, for one random cart: payments' entries as payments posts
 * them (apply-plan.ts: the capture's credits to each split's receiver and the rest to the court;
 * the provider's fee; a refund from the court's 230; release-split.ts: a payout 230 → 120) and the
 * module's own (postings.ts). Answers the entries and the balance (debit − credit) per account and
 * sub-account.
 */
function courtBooks(
  a: ReturnType<typeof allocate>,
  rejected: boolean[],
  vats: bigint[],
  providerFee: bigint,
) {
  const court = 'court'
  const c = 'EUR'
  const held = (i: number) => ({ kind: 'acceptor' as const, external_id: `${court}/r${i}` })
  const courtProgram = { kind: 'program' as const, external_id: court }
  const entries: LedgerEntryRequest[] = []
  const date = '2026-11-29'
  const entry = (kind: string, id: string, lines: LedgerEntryRequest['lines']) =>
    entries.push({ journal: 'bank', date, description: kind, source: { kind, id }, lines })
  const splits = a.parts.map((p, i) => ({ i, amount: p.amount })).filter((s) => s.amount > 0n)
  const rest = a.charge - splits.reduce((s, x) => s + x.amount, 0n)
  entry('payment.captured', 'attempt', [
    { account: accounts.payment_provider, currency: c, debit: Number(a.charge) },
    ...splits.map((s) => ({
      account: accounts.acceptor,
      sub_account: held(s.i),
      currency: c,
      credit: Number(s.amount),
    })),
    ...(rest > 0n
      ? [{ account: accounts.acceptor, sub_account: courtProgram, currency: c, credit: Number(rest) }]
      : []),
  ])
  if (providerFee > 0n)
    entry('payment.fee', 'attempt', [
      { account: accounts.acceptor, sub_account: courtProgram, currency: c, debit: Number(providerFee) },
      { account: accounts.payment_provider, currency: c, credit: Number(providerFee) },
    ])
  a.parts.forEach((p, i) => {
    const part = { id: `p${i}`, court_id: court, restaurant_id: `r${i}`, ...p }
    const sub = { order_id: i + 1, vat: vats[i]!, currency: c }
    entries.push(partSaleEntry(part, sub, date))
    if (rejected[i]) {
      entry('payment.refund', `refund${i}`, [
        { account: accounts.acceptor, sub_account: courtProgram, currency: c, debit: Number(p.gross) },
        { account: accounts.payment_provider, currency: c, credit: Number(p.gross) },
      ])
      if (p.amount > 0n) entries.push(partRefundedEntry(part, sub, date))
      entries.push(partSaleEntry(part, sub, date, true))
    } else if (p.amount > 0n) {
      entry('payment.payout', `payout${i}`, [
        { account: accounts.acceptor, sub_account: held(i), currency: c, debit: Number(p.amount) },
        { account: accounts.payment_provider, currency: c, credit: Number(p.amount) },
      ])
      entries.push(partPaidOutEntry(part, sub, date))
    }
  })
  const balance = new Map<string, bigint>()
  for (const e of entries)
    for (const l of e.lines) {
      const key = `${l.account} ${l.sub_account ? `${l.sub_account.kind}:${l.sub_account.external_id}` : 'general'}`
      const amount = 'debit' in l && l.debit !== undefined ? BigInt(l.debit) : -BigInt(l.credit!)
      balance.set(key, (balance.get(key) ?? 0n) + amount)
    }
  return { entries, balance: (key: string) => balance.get(key) ?? 0n, keys: [...balance.keys()] }
}

describe('court fee allocation (property)', () => {
  it('Σ payouts + fee + refunds = charge to the cent for 10 000+ random carts, the ledger cleared', () => {
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

      // The ledger: every entry balanced, and after the payouts nothing is left open but what
      // belongs where it stands (docs/food-court.md "The ledger").
      const vats = a.parts.map((p) => BigInt(int(Number(p.gross) + 1)))
      const providerFee = BigInt(
        int(Number(a.fee - a.parts.reduce((s, p, i) => s + (rejected[i] ? p.fee : 0n), 0n)) + 1),
      )
      const books = courtBooks(a, rejected, vats, providerFee)
      const why = JSON.stringify({
        ...ctx,
        rejected,
        vats: vats.map(String),
        providerFee: String(providerFee),
      })
      // The ledger's own rules (as the posting handler applies them): balanced, two lines or more.
      for (const e of books.entries)
        validatePosting({
          ...e,
          lines: e.lines.map((l) => ({
            ...l,
            debit: l.debit === undefined ? undefined : BigInt(l.debit),
            credit: l.credit === undefined ? undefined : BigInt(l.credit),
          })),
        } as Parameters<typeof validatePosting>[0])
      expect(books.balance(`${accounts.payment_provider} general`), why).toBe(feeKept - providerFee)
      expect(books.balance(`${accounts.acceptor} program:court`), why).toBe(providerFee)
      expect(books.balance(`${accounts.income} program:court`), why).toBe(-feeKept)
      a.parts.forEach((p, i) => {
        const kept = !rejected[i]
        expect(books.balance(`${accounts.receivables} acceptor:court/r${i}`), why).toBe(0n)
        expect(books.balance(`${accounts.acceptor} acceptor:court/r${i}`), why).toBe(0n)
        expect(books.balance(`${accounts.payment_provider} acceptor:court/r${i}`), why).toBe(
          kept ? p.amount : 0n,
        )
        expect(books.balance(`${accounts.income} program:r${i}`), why).toBe(kept ? vats[i]! - p.gross : 0n)
        expect(books.balance(`${accounts.vat_on_sales} program:r${i}`), why).toBe(kept ? -vats[i]! : 0n)
        expect(books.balance(`${accounts.others} program:r${i}`), why).toBe(kept ? p.fee : 0n)
      })
      expect(
        books.keys.reduce((s, k) => s + books.balance(k), 0n),
        why,
      ).toBe(0n)
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
