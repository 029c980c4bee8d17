import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorker } from '../../services/worker/worker.ts'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type SignedIn, seedProgram, seedUser, signInAs } from '../../tests/support/factories.ts'
import { runRouteSecurityTests, type Tenants } from '../../tests/support/route-security.ts'
import { eventually } from '../../tests/support/smtp.ts'
import { publish } from '../platform/events.ts'
import type { ErrorBody } from '../platform/http.ts'
import {
  balances,
  findEntry,
  ledgerEntryRequested,
  ledgerModule,
  ledgerReversalRequested,
  type PostingInput,
  postEntries,
  postEntry,
  reverseEntry,
  subAccountId,
  trialBalance,
} from './index.ts'

let t: TestContext
let admin: SignedIn
const others: SignedIn[] = []
let owner: SignedIn

beforeAll(async () => {
  t = await createTestContext()
  admin = await signInAs(t.h, await seedUser(t, { type: 4 }))
  for (const type of [2, 3] as const) others.push(await signInAs(t.h, await seedUser(t, { type })))
  owner = await signInAs(t.h, await seedUser(t, { type: 1 }))
})
afterAll(() => t.close())

const post = (input: PostingInput) => t.services.db.transaction().execute((trx) => postEntry(trx, input))

const payment = (id: string, amount: bigint, date = '2026-11-20'): PostingInput => ({
  journal: 'sales',
  date,
  description: `Payment ${id}`,
  source: { kind: 'payment.paid', id },
  lines: [
    { account: 120, currency: 'EUR', debit: amount },
    {
      account: 230,
      sub_account: { kind: 'acceptor', external_id: 'acc-1' },
      currency: 'EUR',
      credit: amount - 10n,
    },
    { account: 410, currency: 'EUR', credit: 10n },
  ],
})

describe('posting', () => {
  it('posts a balanced entry once per source and numbers entries per journal', async () => {
    const a = await post(payment('pay-1', 1000n))
    expect(a.created).toBe(true)
    const again = await post(payment('pay-1', 1000n))
    expect(again).toEqual({ created: false, entry: a.entry })
    const b = await post({ ...payment('pay-2', 500n), journal: 'bank' })
    const c = await post(payment('pay-3', 500n))
    expect(c.entry.number).toBe(a.entry.number + 1n)
    expect(b.entry.number).toBe(1n)
    const stored = await findEntry(t.services.db, a.entry.id)
    expect(stored?.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      [120, 1000n, 0n],
      [230, 0n, 990n],
      [410, 0n, 10n],
    ])
    expect(stored?.lines[1]?.sub_account).toEqual({
      id: subAccountId(230, 'acceptor', 'acc-1'),
      kind: 'acceptor',
      external_id: 'acc-1',
    })
  })

  it('posts a source once even when two transactions post it concurrently', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => post(payment('pay-race', 300n))))
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1)
  })

  it('posts a batch in one transaction, each source once, answering in input order', async () => {
    const before = await post(payment('batch-0', 100n))
    const results = await t.services.db
      .transaction()
      .execute((trx) =>
        postEntries(trx, [
          payment('batch-1', 100n),
          payment('batch-0', 100n),
          payment('batch-2', 200n),
          payment('batch-1', 100n),
        ]),
      )
    expect(results.map((r) => r.created)).toEqual([true, false, true, false])
    expect(results[1]!.entry).toEqual(before.entry)
    expect(results[3]!.entry).toEqual(results[0]!.entry)
    expect((await findEntry(t.services.db, results[2]!.entry.id))?.lines).toHaveLength(3)
    // One unbalanced posting refuses the whole batch.
    await expect(
      t.services.db
        .transaction()
        .execute((trx) =>
          postEntries(trx, [
            payment('batch-3', 100n),
            { ...payment('batch-4', 100n), lines: payment('batch-4', 100n).lines.slice(0, 2) },
          ]),
        ),
    ).rejects.toMatchObject({ reason: 'unbalanced' })
    expect(
      await t.services.db
        .selectFrom('ledger_entries')
        .where('source_id', '=', 'batch-3')
        .selectAll()
        .execute(),
    ).toEqual([])
  })

  it('refuses an unbalanced entry in the command (422) and in the database at commit', async () => {
    await expect(
      post({ ...payment('bad', 100n), lines: payment('bad', 100n).lines.slice(0, 2) }),
    ).rejects.toMatchObject({ reason: 'unbalanced' })
    // Straight into the tables, past the command: the deferred trigger refuses the commit.
    const insertRaw = (debit: number, credit: number) =>
      t.services.db.transaction().execute(async (trx) => {
        const id = '00000000-0000-4000-8000-00000000000a'
        await sql`insert into ledger_entries (id, journal, number, date, description, source_kind, source_id) values (${id}, 'miscellaneous', 999, '2026-11-20', 'raw', 'raw', 'raw')`.execute(
          trx,
        )
        await sql`insert into ledger_lines (entry_id, line_no, account, sub_account_id, currency, debit, credit) values
          (${id}, 1, 120, ${subAccountId(120, 'general', '')}, 'EUR', ${debit}, 0),
          (${id}, 2, 410, ${subAccountId(410, 'general', '')}, 'EUR', 0, ${credit})`.execute(trx)
      })
    await expect(insertRaw(100, 90)).rejects.toThrow(/not balanced/)
    await expect(
      t.services.db.transaction().execute(async (trx) => {
        await sql`insert into ledger_entries (id, journal, number, date, description, source_kind, source_id) values ('00000000-0000-4000-8000-00000000000b', 'miscellaneous', 998, '2026-11-20', 'raw', 'raw', 'lonely')`.execute(
          trx,
        )
      }),
    ).rejects.toThrow(/at least two/)
    expect(
      await t.services.db.selectFrom('ledger_entries').where('source_kind', '=', 'raw').selectAll().execute(),
    ).toEqual([])
  })

  it('keeps entries and lines immutable', async () => {
    const { entry } = await post(payment('pay-immutable', 100n))
    await expect(
      sql`update ledger_entries set description = 'changed' where id = ${entry.id}`.execute(t.services.db),
    ).rejects.toThrow(/immutable/)
    await expect(
      sql`delete from ledger_lines where entry_id = ${entry.id}`.execute(t.services.db),
    ).rejects.toThrow(/immutable/)
    await expect(
      sql`update ledger_lines set debit = debit + 1 where entry_id = ${entry.id}`.execute(t.services.db),
    ).rejects.toThrow(/immutable/)
  })

  it('closes an entry once committed: even balanced lines cannot be slipped into it', async () => {
    const { entry } = await post(payment('pay-closed', 100n))
    const linesOf = () =>
      t.services.db.selectFrom('ledger_lines').where('entry_id', '=', entry.id).selectAll().execute()
    const before = await linesOf()
    await expect(
      t.services.db.transaction().execute(async (trx) => {
        await sql`insert into ledger_lines (entry_id, line_no, account, sub_account_id, currency, debit, credit) values
          (${entry.id}, 90, 120, ${subAccountId(120, 'general', '')}, 'EUR', 5000, 0),
          (${entry.id}, 91, 410, ${subAccountId(410, 'general', '')}, 'EUR', 0, 5000)`.execute(trx)
      }),
    ).rejects.toThrow(/is closed/)
    expect(await linesOf()).toEqual(before)
  })

  it('reverses an entry once, netting its balances to zero', async () => {
    const { entry } = await post(payment('pay-rev', 700n))
    const r1 = await t.services.db
      .transaction()
      .execute((trx) => reverseEntry(trx, { entry_id: entry.id, date: '2026-11-21' }))
    const r2 = await t.services.db.transaction().execute((trx) => reverseEntry(trx, { entry_id: entry.id }))
    expect(r1.created).toBe(true)
    expect(r2).toEqual({ created: false, entry: r1.entry })
    expect(r1.entry.reversal_of).toBe(entry.id)
    const lines = (await findEntry(t.services.db, r1.entry.id))!.lines
    expect(lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
      [120, 0n, 700n],
      [230, 700n - 10n, 0n],
      [410, 10n, 0n],
    ])
    await expect(
      t.services.db.transaction().execute((trx) => reverseEntry(trx, { entry_id: r1.entry.id })),
    ).rejects.toMatchObject({ reason: 'reversal_of_reversal' })
  })

  it('answers balances at a date and a balanced trial balance', async () => {
    await post(payment('pay-early', 2000n, '2026-01-05'))
    const early = await balances(t.services.db, { at: '2026-01-31' })
    expect(early.filter((b) => b.account === 120)).toEqual([
      expect.objectContaining({ currency: 'EUR', debit: 2000n, credit: 0n, balance: 2000n }),
    ])
    const sub = await balances(t.services.db, {
      subAccount: subAccountId(230, 'acceptor', 'acc-1'),
      at: '2026-01-31',
    })
    expect(sub.map((b) => b.balance)).toEqual([-1990n])
    await expect(balances(t.services.db, { at: '2026-02-30' })).rejects.toMatchObject({
      code: 'validation_failed',
    })
    await expect(trialBalance(t.services.db, 'today')).rejects.toMatchObject({ code: 'validation_failed' })
    const tb = await trialBalance(t.services.db, '2099-12-31')
    expect(tb.totals.every((x) => x.balanced)).toBe(true)
    expect(tb.rows.length).toBeGreaterThan(2)
  })
})

describe('through the outbox', () => {
  it('posts a requested entry, and reverses it once even when the reversal arrives first', async () => {
    const source = { kind: 'payments.refund.corrected', id: 'outbox-1' }
    const reversal = { source, date: '2026-11-23', description: 'Posted twice by mistake' }
    await t.services.db.transaction().execute(async (trx) => {
      await publish(trx, ledgerReversalRequested, reversal)
      await publish(trx, ledgerReversalRequested, reversal)
    })
    await t.services.db.transaction().execute((trx) =>
      publish(trx, ledgerEntryRequested, {
        journal: 'bank',
        date: '2026-11-22',
        description: 'Refund',
        source,
        lines: [
          { account: 410, currency: 'EUR', debit: 500 },
          { account: 120, currency: 'EUR', credit: 500 },
        ],
      }),
    )
    const worker = await startWorker(t.services, [ledgerModule])
    try {
      const entries = () =>
        t.services.db
          .selectFrom('ledger_entries')
          .select(['id', 'reversal_of', 'source_id'])
          .where((eb) => eb.or([eb('source_id', '=', 'outbox-1'), eb('source_kind', '=', 'reversal')]))
          .execute()
      await eventually(
        async () => (await entries()).some((e) => e.reversal_of !== null && e.source_id !== 'outbox-1'),
        25_000,
        'the reversal',
      )
      await eventually(
        async () => (await t.services.queues.ledger.getCompletedCount()) === 3,
        25_000,
        'every job',
      )
      const original = (await entries()).find((e) => e.source_id === 'outbox-1')!
      const reversals = (await entries()).filter((e) => e.reversal_of === original.id)
      expect(reversals).toHaveLength(1)
      const reversed = await findEntry(t.services.db, reversals[0]!.id)
      expect(reversed).toMatchObject({ date: '2026-11-23', description: 'Posted twice by mistake' })
      expect(reversed?.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
        [410, 0n, 500n],
        [120, 500n, 0n],
      ])
    } finally {
      await worker.stop()
    }
  }, 40_000)
})

describe('API', () => {
  it('lets an admin read accounts, trial balance, an account’s entries and one entry', async () => {
    const { entry } = await post(payment('pay-api', 4321n, '2026-10-01'))
    await post({ ...payment('pay-api-bank', 100n, '2026-10-02'), journal: 'bank' })
    const ledgers = await t.h.get<{
      at: string
      results: { number: number; balances: { currency: string; balance: number }[] }[]
    }>('/api/v1/payment/ledgers?at=2026-10-01', { token: admin.token })
    expect(ledgers.status).toBe(200)
    expect(ledgers.body.results.map((r) => r.number)).toEqual([110, 120, 210, 220, 230, 310, 410, 610])
    const provider = ledgers.body.results.find((r) => r.number === 120)!
    expect(provider.balances).toEqual([
      { currency: 'EUR', debit: 2000 + 4321, credit: 0, balance: 2000 + 4321 },
    ])

    const withSubs = await t.h.get<{
      results: {
        number: number
        sub_accounts: { kind: string; external_id: string; balances: { balance: number }[] }[]
      }[]
    }>('/api/v1/payment/ledgers?at=2026-10-01&sub_accounts=true', { token: admin.token })
    expect(withSubs.status).toBe(200)
    expect(withSubs.body.results.find((r) => r.number === 230)?.sub_accounts).toEqual([
      expect.objectContaining({
        kind: 'acceptor',
        external_id: 'acc-1',
        balances: [expect.objectContaining({ balance: -(1990 + 4311) })],
      }),
    ])
    const tb = await t.h.get<{ totals: { balanced: boolean }[] }>(
      '/api/v1/payment/ledgers/trial-balance?at=2026-10-01',
      { token: admin.token },
    )
    expect(tb.status).toBe(200)
    expect(tb.body.totals).toEqual([
      { currency: 'EUR', debit: 2000 + 4321, credit: 2000 + 4321, balanced: true },
    ])

    const page = await t.h.get<{ count: number; results: { uuid: string; lines: { account: number }[] }[] }>(
      '/api/v1/payment/ledgers/410/journals?from=2026-10-01&to=2026-10-31&journal=sales&size=1',
      { token: admin.token },
    )
    expect(page.status).toBe(200)
    expect(page.body.count).toBe(1)
    expect(page.body.results[0]?.uuid).toBe(entry.id)
    expect(page.body.results[0]?.lines).toEqual([
      expect.objectContaining({ account: 410, credit: 10, debit: 0 }),
    ])
    const all = await t.h.get<{ count: number; pages: number }>(
      '/api/v1/payment/ledgers/120/journals?size=2',
      { token: admin.token },
    )
    expect(all.body.count).toBeGreaterThan(2)
    expect(all.body.pages).toBe(Math.ceil(all.body.count / 2))

    const one = await t.h.get<{ uuid: string; journal: string; date: string; lines: unknown[] }>(
      `/api/v1/payment/journals/${entry.id}`,
      { token: admin.token },
    )
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({
      uuid: entry.id,
      journal: 'sales',
      date: '2026-10-01',
      source: { kind: 'payment.paid', id: 'pay-api' },
    })
    expect(one.body.lines).toHaveLength(3)
  })

  it('refuses other users (403) and callers without a token (401)', async () => {
    const paths = [
      '/api/v1/payment/ledgers',
      '/api/v1/payment/ledgers/trial-balance',
      '/api/v1/payment/ledgers/120/journals',
      '/api/v1/payment/journals/00000000-0000-4000-8000-000000000000',
    ]
    for (const path of paths) {
      expect((await t.h.get(path)).status, path).toBe(401)
      for (const other of others) {
        const res = await t.h.get<ErrorBody>(path, { token: other.token })
        expect(res.status, path).toBe(403)
      }
    }
  })

  it('shows a program owner none of the entries that do not touch their own sub-accounts', async () => {
    const ledgers = await t.h.get<{ results: { balances: unknown[] }[] }>('/api/v1/payment/ledgers', {
      token: owner.token,
    })
    expect(ledgers.status).toBe(200)
    expect(ledgers.body.results.every((a) => a.balances.length === 0)).toBe(true)
    expect(
      (await t.h.get('/api/v1/payment/ledgers/120/journals', { token: owner.token })).body,
    ).toMatchObject({
      count: 0,
    })
    const [any] = await t.services.db.selectFrom('ledger_entries').select('id').limit(1).execute()
    expect((await t.h.get(`/api/v1/payment/journals/${any?.id}`, { token: owner.token })).status).toBe(404)
    expect((await t.h.get('/api/v1/payment/ledgers/trial-balance', { token: owner.token })).status).toBe(403)
  })

  it('answers 400 for bad input and 404 for an unknown entry', async () => {
    const bad = async (path: string) => (await t.h.get<ErrorBody>(path, { token: admin.token })).body.error
    expect((await bad('/api/v1/payment/ledgers?at=2026-13-01')).fields).toHaveProperty('at')
    expect((await bad('/api/v1/payment/ledgers/trial-balance?at=yesterday')).fields).toHaveProperty('at')
    expect((await bad('/api/v1/payment/ledgers/999/journals')).fields).toHaveProperty('ledger')
    expect((await bad('/api/v1/payment/ledgers/120/journals?journal=payroll')).fields).toHaveProperty(
      'journal',
    )
    expect((await bad('/api/v1/payment/ledgers/120/journals?page=0')).fields).toHaveProperty('page')
    expect((await bad('/api/v1/payment/journals/not-a-uuid')).fields).toHaveProperty('uuid')
    const missing = await t.h.get<ErrorBody>(
      '/api/v1/payment/journals/00000000-0000-4000-8000-000000000000',
      { token: admin.token },
    )
    expect(missing.status).toBe(404)
  })
})

/**
 * Tenant A's ledger objects for the route security harness: a program of tenant A's owner and an
 * entry on its sub-account (a program owner reads the entries of their own sub-accounts).
 */
interface LedgerObjects {
  program: string
  entry: string
}
async function ledgerObjects({ a }: Tenants): Promise<LedgerObjects> {
  const program = (await seedProgram(a.owner, 'payment', { status: 'draft' })).uuid
  const { entry } = await post({
    journal: 'sales',
    date: '2026-11-20',
    description: 'Tenant A sale',
    source: { kind: 'payment.paid', id: `security-${program}` },
    lines: [
      { account: 120, currency: 'EUR', debit: 500n },
      { account: 230, sub_account: { kind: 'program', external_id: program }, currency: 'EUR', credit: 500n },
    ],
  })
  return { program, entry: entry.id }
}
const readers = ['owner', 'admin'] as const

runRouteSecurityTests<LedgerObjects>({
  context: () => t,
  module: ledgerModule,
  setup: ledgerObjects,
  routes: {
    'GET /payment/ledgers': { roles: readers },
    'GET /payment/ledgers/trial-balance': { roles: ['admin'] },
    'GET /payment/ledgers/{ledger}/journals': { roles: readers },
    'GET /payment/journals': {
      roles: readers,
      // Tenant A's program's sub-accounts as a filter: 404 to another owner, never an empty page.
      foreign: {
        as: 'owner',
        request: (o) => ({ query: { sub_account: `program:${o.program},acceptor:${o.program}/*` } }),
      },
    },
    'GET /payment/journals/{uuid}': {
      roles: readers,
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.entry } }) },
    },
  },
})
