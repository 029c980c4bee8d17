import { type RawBuilder, sql } from 'kysely'
import { endOfDay, nextDate, startOfDay } from '../../platform/dates.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { programTitles } from './bills.ts'

/** A count and an amount in minor units. */
export interface Figure {
  count: number
  amount: bigint
}

export interface CreditFigures {
  /** Bills unpaid or overdue now, and what is open of them (penalties included). */
  open: Figure
  /** Of those, the overdue ones. */
  overdue: Figure
  /** Payments of bills received in the period, and their sum less what was refunded of them. */
  paid: Figure
  /** Penalties added in the period (by the reminders sent in it). */
  penalties: Figure
  /** Reminders sent in the period. */
  reminders_sent: number
}

export interface CreditDay {
  date: string
  /** What was open at the end of the day, and of it overdue (its due date ended). */
  open: bigint
  overdue: bigint
  /** Payments received that day less refunds made that day. */
  collected: bigint
  penalties: bigint
  reminders_sent: number
}

export interface CreditStatistics {
  results: (CreditFigures & { currency: string; days: CreditDay[] })[]
  programs: (CreditFigures & { program_id: string; title: string; currency: string })[]
}

export interface CreditStatisticsFilter {
  /** Whose bills: an owner's, or every owner's for an admin. */
  owner: string | null
  program?: string | undefined
  from: string
  to: string
  time_zone: string
}

const zero = (): CreditFigures => ({
  open: { count: 0, amount: 0n },
  overdue: { count: 0, amount: 0n },
  paid: { count: 0, amount: 0n },
  penalties: { count: 0, amount: 0n },
  reminders_sent: 0,
})

/**
 * The credit figures of the owner's `/home` and the admin's statistics (issue 13, item 7;
 * docs/credit.md "Figures"): per program and currency the bills open and overdue now, and what the
 * period brought (payments, penalties, reminders sent); per currency and day of the period what was
 * open and overdue at the day's end, collected, and added as penalties. Days are counted in
 * `time_zone`. Open at a day's end is the sum of every change up to it (issued +total, penalty
 * +amount, payment −amount, refund +amount, archived −what it wrote off, a refund of an archived
 * bill's payment 0, a payment landing on it 0), so it needs no snapshot table.
 */
export async function creditStatistics(db: DbOrTrx, f: CreditStatisticsFilter): Promise<CreditStatistics> {
  const begin = startOfDay(f.from, f.time_zone)
  const end = endOfDay(f.to, f.time_zone)
  const scope: RawBuilder<unknown> = sql`true
    ${f.owner === null ? sql`` : sql`and b.owner_user_id = ${f.owner}`}
    ${f.program ? sql`and b.program_id = ${f.program}` : sql``}`
  const day = (column: RawBuilder<unknown>) => sql`(${column} at time zone ${f.time_zone})::date`

  const [now, paid, penalties, reminders, days] = await Promise.all([
    sql<{ program_id: string; currency: string; status: string; count: string; amount: string }>`
      select b.program_id, b.currency, b.status, count(*) as count,
        sum(b.total + b.penalties - b.paid_amount) as amount
      from credit_bills b where ${scope} and b.status in ('unpaid', 'overdue')
      group by 1, 2, 3`.execute(db),
    sql<{ program_id: string; currency: string; count: string; amount: string }>`
      select b.program_id, b.currency, count(*) as count, sum(p.amount - p.refunded) as amount
      from credit_bill_payments p join credit_bills b on b.id = p.bill_id
      where ${scope} and p.status = 'paid' and p.paid_at >= ${begin} and p.paid_at < ${end}
      group by 1, 2`.execute(db),
    sql<{ program_id: string; currency: string; count: string; amount: string }>`
      select b.program_id, b.currency, count(*) as count, sum(l.net) as amount
      from credit_bill_lines l
      join credit_reminders r on r.id = l.reminder_id
      join credit_bills b on b.id = l.bill_id
      where ${scope} and l.kind = 'penalty' and r.sent_at >= ${begin} and r.sent_at < ${end}
      group by 1, 2`.execute(db),
    sql<{ program_id: string; currency: string; count: string }>`
      select b.program_id, b.currency, count(*) as count
      from credit_reminders r join credit_bills b on b.id = r.bill_id
      where ${scope} and r.status = 'sent' and r.sent_at >= ${begin} and r.sent_at < ${end}
      group by 1, 2`.execute(db),
    // Every change of what is open, grouped by (currency, day, due date) before it meets the days:
    // a few thousand groups even for 100,000 bills.
    sql<{
      currency: string
      date: string
      open: string | null
      overdue: string | null
      collected: string | null
      penalties: string | null
      reminders_sent: string | null
    }>`
      with bills as (
        select b.id, b.currency, b.due_date, b.issue_date, b.total, b.penalties, b.paid_amount, b.status,
          b.archived_at
        from credit_bills b where ${scope}),
      changes as (
        select currency, due_date, issue_date as day, total as delta, 0::bigint as collected,
          0::bigint as penalty, 0 as sent
        from bills
        union all
        select b.currency, b.due_date, ${day(sql`r.sent_at`)}, coalesce(l.net, 0), 0, coalesce(l.net, 0), 1
        from credit_reminders r join bills b on b.id = r.bill_id
        left join credit_bill_lines l on l.reminder_id = r.id and l.kind = 'penalty'
        where r.status = 'sent'
        union all
        select b.currency, b.due_date, ${day(sql`p.paid_at`)}, -p.amount, p.amount, 0, 0
        from credit_bill_payments p join bills b on b.id = p.bill_id where p.status = 'paid'
        union all
        -- A refund opens the bill again by its amount, less what an archived bill wrote off of it;
        -- a payment landing on an archived bill takes back (recovered) what it paid of the write-off.
        select b.currency, b.due_date, ${day(sql`e.at`)},
          (e.params->>'amount')::bigint - coalesce((e.params->>'written_off')::bigint, 0),
          -(e.params->>'amount')::bigint, 0, 0
        from credit_bill_events e join bills b on b.id = e.bill_id where e.kind = 'payment_refunded'
        union all
        select b.currency, b.due_date, ${day(sql`e.at`)}, (e.params->>'recovered')::bigint, 0, 0, 0
        from credit_bill_events e join bills b on b.id = e.bill_id
        where e.kind = 'payment_received' and e.params ? 'recovered'
        union all
        select b.currency, b.due_date, ${day(sql`b.archived_at`)},
          -coalesce((e.params->>'written_off')::bigint, greatest(b.total + b.penalties - b.paid_amount, 0)),
          0, 0, 0
        from credit_bill_events e join bills b on b.id = e.bill_id
        where e.kind = 'archived' and b.status = 'archived'),
      grouped as (
        select currency, due_date, day, sum(delta) as delta, sum(collected) as collected,
          sum(penalty) as penalty, sum(sent) as sent
        from changes where day <= ${f.to}::date group by 1, 2, 3),
      days as (
        select d::date as date from generate_series(${f.from}::date, ${f.to}::date, interval '1 day') d)
      select g.currency, d.date::text as date,
        sum(g.delta) filter (where g.day <= d.date) as open,
        sum(g.delta) filter (where g.day <= d.date and g.due_date < d.date) as overdue,
        sum(g.collected) filter (where g.day = d.date) as collected,
        sum(g.penalty) filter (where g.day = d.date) as penalties,
        sum(g.sent) filter (where g.day = d.date) as reminders_sent
      from days d cross join grouped g
      group by 1, 2 order by 1, 2`.execute(db),
  ])

  const perProgram = new Map<string, CreditFigures & { program_id: string; currency: string }>()
  const entry = (program_id: string, currency: string) => {
    const key = `${program_id}:${currency}`
    let e = perProgram.get(key)
    if (!e) {
      e = { ...zero(), program_id, currency }
      perProgram.set(key, e)
    }
    return e
  }
  for (const r of now.rows) {
    const e = entry(r.program_id, r.currency)
    const figure = { count: Number(r.count), amount: BigInt(r.amount) }
    e.open = { count: e.open.count + figure.count, amount: e.open.amount + figure.amount }
    if (r.status === 'overdue') e.overdue = figure
  }
  for (const r of paid.rows)
    entry(r.program_id, r.currency).paid = { count: Number(r.count), amount: BigInt(r.amount) }
  for (const r of penalties.rows)
    entry(r.program_id, r.currency).penalties = { count: Number(r.count), amount: BigInt(r.amount) }
  for (const r of reminders.rows) entry(r.program_id, r.currency).reminders_sent = Number(r.count)

  const titles = await programTitles(
    db,
    [...perProgram.values()].map((p) => p.program_id),
  )
  const programs = [...perProgram.values()]
    .map((p) => ({ ...p, title: titles.get(p.program_id) ?? '' }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.currency.localeCompare(b.currency))

  const byCurrency = new Map<string, CreditFigures & { currency: string; days: CreditDay[] }>()
  const add = (a: Figure, b: Figure): Figure => ({ count: a.count + b.count, amount: a.amount + b.amount })
  for (const p of programs) {
    const c = byCurrency.get(p.currency) ?? { ...zero(), currency: p.currency, days: [] }
    c.open = add(c.open, p.open)
    c.overdue = add(c.overdue, p.overdue)
    c.paid = add(c.paid, p.paid)
    c.penalties = add(c.penalties, p.penalties)
    c.reminders_sent += p.reminders_sent
    byCurrency.set(p.currency, c)
  }
  const found = new Map(days.rows.map((d) => [`${d.currency}:${d.date}`, d]))
  for (const d of days.rows) {
    if (!byCurrency.has(d.currency)) byCurrency.set(d.currency, { ...zero(), currency: d.currency, days: [] })
  }
  // Every day of the period for every currency, a day without changes as zeros.
  for (const c of byCurrency.values()) {
    for (let date = f.from; date <= f.to; date = nextDate(date)) {
      const d = found.get(`${c.currency}:${date}`)
      c.days.push({
        date,
        open: BigInt(d?.open ?? 0),
        overdue: BigInt(d?.overdue ?? 0),
        collected: BigInt(d?.collected ?? 0),
        penalties: BigInt(d?.penalties ?? 0),
        reminders_sent: Number(d?.reminders_sent ?? 0),
      })
    }
  }
  return {
    results: [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    programs,
  }
}
