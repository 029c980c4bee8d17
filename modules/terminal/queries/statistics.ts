import { dailyPaymentTotals } from '../../payments/index.ts'
import { isAcceptor, isOwner } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import type { Caller } from '../access.ts'

export interface StatisticsQuery {
  program?: string | undefined
  from: string
  to: string
  time_zone: string
}

export interface CurrencyStatistics {
  currency: string
  count: number
  amount: bigint
  refunded: bigint
  days: { date: string; count: number; amount: bigint }[]
}

/** Every date from `from` to `to` (YYYY-MM-DD, inclusive). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = []
  const end = Date.parse(`${to}T00:00:00Z`)
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10))
  }
  return out
}

/**
 * Paid payments per day for the statistics screens: a program owner's (payments that pay them,
 * optionally in one of their programs), an acceptor's (taken at their cashpoints or by their
 * links), or all for an admin. One series per currency, every day of the range present (zero
 * when nothing was paid), so a chart needs no gap filling.
 */
export async function paymentStatistics(
  db: DbOrTrx,
  me: Caller,
  q: StatisticsQuery,
): Promise<CurrencyStatistics[]> {
  const rows = await dailyPaymentTotals(db, {
    owner_user_id: isOwner(me) ? me.user_id : undefined,
    acceptor_user_id: isAcceptor(me) ? me.user_id : undefined,
    program_uuid: q.program,
    from: q.from,
    to: q.to,
    time_zone: q.time_zone,
  })
  const dates = datesBetween(q.from, q.to)
  const currencies = [...new Set(rows.map((r) => r.currency))]
  return currencies.map((currency) => {
    const mine = rows.filter((r) => r.currency === currency)
    const byDate = new Map(mine.map((r) => [r.date, r]))
    return {
      currency,
      count: mine.reduce((s, r) => s + r.count, 0),
      amount: mine.reduce((s, r) => s + r.amount, 0n),
      refunded: mine.reduce((s, r) => s + r.refunded, 0n),
      days: dates.map((date) => ({
        date,
        count: byDate.get(date)?.count ?? 0,
        amount: byDate.get(date)?.amount ?? 0n,
      })),
    }
  })
}
