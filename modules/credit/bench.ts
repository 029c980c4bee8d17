import { sql } from 'kysely'
import { createUser } from '../identity/index.ts'
import type { Db } from '../platform/db.ts'
import { newId } from '../platform/ids.ts'
import type { Services } from '../platform/module.ts'
import { currencyExponent } from '../platform/money.ts'
import { programStatuses, programTypes } from '../programs/index.ts'
import { ensureCreditProgram, insertStep } from './db/programs.ts'
import { defaultSendWindow, type LadderStep, ladderPlanner, type PlannedStep } from './planning.ts'

/**
 * Issue 13's benchmark: planning 100,000 bills with a 4-step ladder, under 60 s. Pure computation,
 * no database: `npm run bench` prints it as its "credit planning" row, and
 * `node modules/credit/bench.ts [bills]` runs it alone. Not part of `npm test`.
 */

/** A usual dunning ladder: a friendly note, a reminder, a formal reminder and a final notice. */
export const benchLadder: readonly LadderStep[] = [
  step('Friendly reminder', 1, 3, '10:00', null),
  step('Payment reminder', 2, 7, '09:30', { value_type: 2, percent: '1.5' }),
  step('Formal reminder', 2, 21, '10:00', { value_type: 1, amount: { amount: 1500n, currency: 'EUR' } }),
  step('Final notice', 2, 35, '08:00', { value_type: 2, percent: '2' }),
]

const benchZones = [
  'Europe/Amsterdam',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Pacific/Chatham',
]

export interface PlanningBenchResult {
  bills: number
  steps: number
  seconds: number
  stepsPerSecond: number
  /** Sum of the bills' final running totals: proves the work was done (and is deterministic). */
  checksum: bigint
}

/**
 * Plans `bills` bills (due dates spread over 2026 and 2027, so both changes of the clocks fall in
 * the range; holders spread over five zones; open amounts €10 to €2,000) with `benchLadder` and
 * the default window.
 */
export function benchPlanning(opts: { bills: number } = { bills: 100_000 }): PlanningBenchResult {
  const planners = benchZones.map((time_zone) =>
    ladderPlanner(benchLadder, { time_zone, window: defaultSendWindow }),
  )
  const firstDay = Date.parse('2026-01-01') / 86_400_000
  const started = performance.now()
  let steps = 0
  let checksum = 0n
  for (let i = 0; i < opts.bills; i++) {
    // A cheap deterministic spread (Knuth's multiplicative hash), not Math.random: runs compare.
    const h = Math.imul(i + 1, 2_654_435_761) >>> 0
    const due = new Date((firstDay + (h % 730)) * 86_400_000).toISOString().slice(0, 10)
    const plan: PlannedStep[] = planners[i % planners.length]!({
      due_date: due,
      open_amount: { amount: BigInt(1000 + (h % 199_001)), currency: 'EUR' },
    })
    steps += plan.length
    checksum += plan.at(-1)!.running_total.amount
  }
  const seconds = (performance.now() - started) / 1000
  return { bills: opts.bills, steps, seconds, stepsPerSecond: Math.round(steps / seconds), checksum }
}

function step(
  title: string,
  sender_type: 1 | 2,
  value: number,
  send_time: string,
  penalty: LadderStep['penalty'],
): LadderStep {
  return { title, is_alive: true, time: { sender_type, value }, send_time, period: null, penalty }
}

/** The row `npm run bench` prints, and whether it met the target. */
export function describePlanningBench(r: PlanningBenchResult): { line: string; ok: boolean } {
  const ok = r.seconds < 60
  const total = `€${(Number(r.checksum) / 10 ** currencyExponent('EUR')).toFixed(2)}`
  return {
    ok,
    line: `  ${r.bills.toLocaleString('en')} bills × ${benchLadder.length} steps: ${r.seconds.toFixed(2)} s (${r.stepsPerSecond.toLocaleString('en')} steps/s; target < 60 s: ${ok ? 'met' : 'MISSED'}; checksum ${total})`,
  }
}

if (import.meta.main) {
  const bills = Number(process.argv[2] ?? 100_000)
  const { line, ok } = describePlanningBench(benchPlanning({ bills }))
  console.log(`credit planning: ${bills.toLocaleString('en')} bills × ${benchLadder.length} steps\n${line}`)
  if (!ok) process.exitCode = 1
}

// ─── Bills and the reminder engine (database) ─────────────────────────────────────────────────

/** A credit program with `bills` bills of one owner (and one holder), seeded set-based in SQL. */
export interface BillBench {
  ownerEmail: string
  ownerPassword: string
  programId: string
  holderId: string
}

/**
 * Seeds an active credit program of a new owner with `bills` bills (numbers 1…n, spread over a
 * year, a quarter of them paid) and their lines, in a few statements: `generate_series`, not a
 * loop of inserts, so 100,000 bills take seconds.
 */
export async function prepareBillBench(db: Db, opts: { bills: number }): Promise<BillBench> {
  const ownerPassword = 'Bench-Pass-1'
  const owner = await createUser(db, {
    email: `credit-owner-${newId()}@example.com`,
    password: ownerPassword,
    type: 1,
    first_name: 'Bench',
    last_name: 'Owner',
  })
  const holder = await createUser(db, {
    email: `credit-holder-${newId()}@example.com`,
    password: ownerPassword,
    type: 3,
    first_name: 'Bench',
    last_name: 'Holder',
  })
  const programId = newId()
  await db
    .insertInto('programs')
    .values({
      id: programId,
      owner_user_id: owner.id,
      type: programTypes.creditManagement,
      status: programStatuses.active,
      title: 'Bench invoices',
    })
    .execute()
  await ensureCreditProgram(db, programId)
  // Sending every day, all day: the bench's minute may fall on a weekend night.
  await sql`update credit_programs set window_start = '00:00', window_end = '24:00',
    window_weekdays = '{1,2,3,4,5,6,7}' where program_id = ${programId}`.execute(db)
  await sql`
    insert into credit_bills (id, program_id, number, owner_user_id, holder_user_id, holder_name, holder_email,
      currency, issue_date, due_date, status, reference, subtotal, vat, total, paid_amount, paid_at,
      time_zone, language, created_at)
    select gen_random_uuid(), ${programId}, n, ${owner.id}, ${holder.id}, 'Bench Holder ' || (n % 1000),
      'holder' || (n % 1000) || '@example.com', 'EUR',
      date '2026-01-01' + (n % 365), date '2026-01-01' + (n % 365) + 14,
      case when n % 4 = 0 then 'paid' else 'unpaid' end, 'REF-' || n,
      10000 + n % 5000, (10000 + n % 5000) * 21 / 100, (10000 + n % 5000) + (10000 + n % 5000) * 21 / 100,
      case when n % 4 = 0 then (10000 + n % 5000) + (10000 + n % 5000) * 21 / 100 else 0 end,
      case when n % 4 = 0 then now() else null end,
      'Europe/Amsterdam', 'nl', now() - make_interval(mins => ${opts.bills} - n)
    from generate_series(1, ${opts.bills}) as n`.execute(db)
  await sql`update credit_programs set next_bill_number = ${opts.bills + 1} where program_id = ${programId}`.execute(
    db,
  )
  await sql`analyze credit_bills`.execute(db)
  return { ownerEmail: owner.email, ownerPassword, programId, holderId: holder.id }
}

export interface FiringBenchResult {
  reminders: number
  /** Planned instant → SMTP capture accepted, ms. */
  p50: number
  p99: number
  max: number
  /** From the minute's start until the last e-mail was accepted. */
  seconds: number
  /** From the first e-mail accepted until the last. */
  sending: number
}

/**
 * Firing lag (issue 13): `reminders` reminders of as many bills due in the same minute, sent by a
 * worker (the sweeper's delayed fire jobs on BullMQ, as in production) to an SMTP capture in this
 * process; each lag is from the planned minute to the capture accepting the message. Seeds the
 * bills and reminder rows set-based, planned at the start of a minute at least 140 s away.
 */
export async function benchFiring(
  services: Services,
  bench: BillBench,
  opts: { reminders: number; accepted: () => number[] },
): Promise<FiringBenchResult> {
  const { db } = services
  const step = await insertStep(db, bench.programId, {
    title: 'Bench reminder',
    description: '',
    is_alive: true,
    is_system: false,
    is_formal: false,
    template_id: null,
    subject: 'Invoice {invoice_number}',
    text: 'Dear {name}, please pay {amount}: {pay_link}',
    sender_type: 2,
    days: 1,
    send_time: '09:00',
    period_type: null,
    period_value: null,
    contact: '',
    image_id: null,
    penalty_type: null,
    penalty_amount: null,
    penalty_percent: null,
  })
  const now = Date.now()
  // Far enough ahead for the sweeper to see the minute before its e-mails are written ahead of it
  // (`aheadMs`), as for reminders planned on issue, days before.
  const minute = Math.ceil((now + 140_000) / 60_000) * 60_000
  const at = new Date(minute)
  await sql`
    with bills as (
      select id from credit_bills where program_id = ${bench.programId} and status = 'unpaid'
      order by number limit ${opts.reminders})
    insert into credit_reminders (id, bill_id, step_id, "order", planned_at, local_date, local_time, status)
    select gen_random_uuid(), bills.id, ${step.id}, 0, ${at}, ${at.toISOString().slice(0, 10)}::date, '09:00', 'planned'
    from bills`.execute(db)
  // Each bill's pay-link QR code is drawn when its first e-mail goes (issue time, not firing time):
  // the bench keeps one for every bill as issuing would have (one drawing, with each bill's link).
  const { billPayUrl } = await import('./commands/payments.ts')
  const { drawPayQr } = await import('./commands/pay-qr.ts')
  const billIds = (
    await db.selectFrom('credit_reminders').select('bill_id').where('step_id', '=', step.id).execute()
  ).map((r) => r.bill_id)
  const png = await drawPayQr(billPayUrl(services.config, billIds[0] ?? ''))
  for (let i = 0; i < billIds.length; i += 1000) {
    const ids = billIds.slice(i, i + 1000)
    await sql`insert into credit_bill_qr (bill_id, url, png)
      select id, url, ${png} from unnest(${ids}::uuid[], ${ids.map((id) => billPayUrl(services.config, id))}::text[]) as v(id, url)`.execute(
      db,
    )
  }
  await sql`analyze credit_reminders`.execute(db)
  const { startWorker } = await import('../../services/worker/worker.ts')
  const { creditModule } = await import('./index.ts')
  const worker = await startWorker(services, [creditModule])
  try {
    const until = minute + 600_000
    while (opts.accepted().length < opts.reminders && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200))
    }
  } finally {
    await worker.stop()
  }
  const lags = opts
    .accepted()
    .map((t) => t - minute)
    .sort((a, b) => a - b)
  const pct = (p: number) =>
    lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? Number.NaN
  return {
    reminders: lags.length,
    p50: pct(50),
    p99: pct(99),
    max: lags.at(-1) ?? Number.NaN,
    seconds: (lags.at(-1) ?? 0) / 1000,
    sending: ((lags.at(-1) ?? 0) - (lags[0] ?? 0)) / 1000,
  }
}

/**
 * Reminders for the fault run (`npm run chaos`, issue 18): one reminder step and one reminder per
 * open bill (unpaid or overdue: the workers' overdue run may have marked them) of `bench` (at most `reminders`), planned at instants spread evenly from `from` to
 * `to`, so that workers fire them while processes are being killed. Answers the step's id; each
 * reminder's e-mail carries the Message-ID `reminder.<bill>.<step>`.
 */
export async function planChaosReminders(
  db: Db,
  bench: BillBench,
  opts: { reminders: number; from: Date; to: Date },
): Promise<{ stepId: string; planned: number }> {
  const step = await insertStep(db, bench.programId, {
    title: 'Chaos reminder',
    description: '',
    is_alive: true,
    is_system: false,
    is_formal: false,
    template_id: null,
    subject: 'Invoice {invoice_number}',
    text: 'Dear {name}, please pay {amount}: {pay_link}',
    sender_type: 2,
    days: 1,
    send_time: '09:00',
    period_type: null,
    period_value: null,
    contact: '',
    image_id: null,
    penalty_type: null,
    penalty_amount: null,
    penalty_percent: null,
  })
  const span = Math.max(0, opts.to.getTime() - opts.from.getTime())
  const rows = await sql<{ n: number }>`
    with bills as (
      select id, row_number() over (order by number) - 1 as i, count(*) over () as total
      from (select id, number from credit_bills where program_id = ${bench.programId}
            and status in ('unpaid', 'overdue') order by number limit ${opts.reminders}) b)
    insert into credit_reminders (id, bill_id, step_id, "order", planned_at, local_date, local_time, status)
    select gen_random_uuid(), bills.id, ${step.id}, 0,
      ${opts.from}::timestamptz + make_interval(secs => ${span / 1000} * i / greatest(total - 1, 1)),
      ${opts.from.toISOString().slice(0, 10)}::date, '09:00', 'planned'
    from bills
    returning 1 as n`.execute(db)
  return { stepId: step.id, planned: rows.rows.length }
}
