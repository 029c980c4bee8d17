import type { Db } from '../platform/db.ts'
import { accounts } from './chart.ts'
import { postEntries } from './commands/post-entry.ts'
import type { PostingInput } from './rules.ts'

export interface LedgerBenchResult {
  entries: number
  seconds: number
  perSecond: number
  concurrency: number
  batch: number
}

/**
 * Posts balanced three-line entries (provider in, acceptor and income out, 20 acceptors' sub-accounts)
 * `batch` per transaction (postEntries), from `concurrency` concurrent posters for `seconds`, and answers
 * committed entries per second. Used by `npm run bench` against its scratch database.
 */
export async function benchPostings(
  db: Db,
  { seconds = 5, concurrency = 8, batch = 1 } = {},
): Promise<LedgerBenchResult> {
  const run = `${process.pid}-${Date.now()}`
  let n = 0
  const deadline = Date.now() + seconds * 1000
  const started = performance.now()
  const poster = async () => {
    while (Date.now() < deadline) {
      const inputs: PostingInput[] = Array.from({ length: batch }, () => {
        const i = n++
        return {
          journal: 'sales',
          date: '2026-11-22',
          description: `bench payment ${i}`,
          source: { kind: 'bench.payment', id: `${run}-${i}` },
          lines: [
            { account: accounts.payment_provider, currency: 'EUR', debit: 1250n },
            {
              account: accounts.acceptor,
              sub_account: { kind: 'acceptor', external_id: `bench-${i % 20}` },
              currency: 'EUR',
              credit: 1200n,
            },
            { account: accounts.income, currency: 'EUR', credit: 50n },
          ],
        }
      })
      await db.transaction().execute((trx) => postEntries(trx, inputs))
    }
  }
  await Promise.all(Array.from({ length: concurrency }, poster))
  const elapsed = (performance.now() - started) / 1000
  return { entries: n, seconds: elapsed, perSecond: Math.round(n / elapsed), concurrency, batch }
}
