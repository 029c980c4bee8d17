import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { eventually } from '../../tests/support/smtp.ts'
import { publish } from '../platform/events.ts'
import { balances, findEntry, ledgerEntryRequested, ledgerModule, subAccountId } from './index.ts'

let t: TestContext
const children: ChildProcess[] = []

beforeAll(async () => {
  t = await createTestContext({ modules: [ledgerModule] })
})
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL')
  await t.close()
})

function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, [path.resolve('modules/ledger/fixtures/ledger-worker.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_URL: t.config.REDIS_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      SMTP_URL: t.config.SMTP_URL,
      LOG_LEVEL: 'silent',
      OUTBOX_SWEEP_MS: '300',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  return child
}

const request = {
  journal: 'sales' as const,
  date: '2026-11-22',
  description: 'Order paid (crash test)',
  source: { kind: 'payments.payment.succeeded', id: 'crash-1' },
  lines: [
    { account: 120, currency: 'EUR', debit: 2500 },
    {
      account: 230,
      sub_account: { kind: 'acceptor' as const, external_id: 'acc-crash' },
      currency: 'EUR',
      credit: 2400,
    },
    { account: 410, currency: 'EUR', credit: 100 },
  ],
}

const committedEntries = async () =>
  t.services.db.selectFrom('ledger_entries').select('id').where('source_id', '=', 'crash-1').execute()

it('a posting worker killed mid-entry leaves no partial entry, and after a restart the entry is posted once', async () => {
  // Hold the acceptor's new sub-account in an open transaction: the worker's posting inserts its
  // entry row and then waits on this row inside its own transaction, i.e. mid-entry.
  const blocker = new pg.Client({ connectionString: t.config.DATABASE_URL })
  await blocker.connect()
  await blocker.query('begin')
  await blocker.query(
    `insert into ledger_sub_accounts (id, account, kind, external_id) values ($1, 230, 'acceptor', 'acc-crash')`,
    [subAccountId(230, 'acceptor', 'acc-crash')],
  )

  const first = startWorkerProcess()
  await t.services.db.transaction().execute((trx) => publish(trx, ledgerEntryRequested, request))
  await eventually(
    async () => {
      const { rows } = await sql<{ n: bigint }>`select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like '%ledger_lines%'`.execute(
        t.services.db,
      )
      return rows[0]!.n > 0n
    },
    20_000,
    'the worker to be mid-entry',
  )
  first.kill('SIGKILL')
  await new Promise((r) => first.once('exit', r))
  await blocker.query('rollback')
  await blocker.end()

  // Nothing of the killed posting is visible: no entry, no lines, no processed-event record.
  expect(await committedEntries()).toEqual([])
  expect(await t.services.db.selectFrom('ledger_lines').selectAll().execute()).toEqual([])
  expect(await t.services.db.selectFrom('processed_events').selectAll().execute()).toEqual([])

  // The provider delivers the same event again while the worker is down.
  await t.services.db.transaction().execute((trx) => publish(trx, ledgerEntryRequested, request))
  startWorkerProcess()
  await eventually(async () => (await committedEntries()).length === 1, 30_000, 'the entry after restart')
  await eventually(
    async () => (await t.services.db.selectFrom('processed_events').selectAll().execute()).length === 2,
    30_000,
    'both events processed',
  )
  await new Promise((r) => setTimeout(r, 1000))
  const entries = await committedEntries()
  expect(entries).toHaveLength(1)
  const entry = await findEntry(t.services.db, entries[0]!.id)
  expect(entry?.lines.map((l) => [l.account, l.debit, l.credit])).toEqual([
    [120, 2500n, 0n],
    [230, 0n, 2400n],
    [410, 0n, 100n],
  ])
  const all = await balances(t.services.db)
  expect(all.reduce((s, b) => s + b.balance, 0n)).toBe(0n)
}, 90_000)
