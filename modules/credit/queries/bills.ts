import { sql } from 'kysely'
import type { Caller } from '../../platform/access.ts'
import { isAdmin } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'
import { findProgram } from '../../programs/index.ts'
import { openAmount } from '../billing.ts'
import type { BillStatus } from '../codes.ts'
import { billDisplayNumber } from '../commands/payments.ts'
import { type BillRow, billColumns, billEvents, billLines, billPayments } from '../db/bills.ts'
import { findCreditProgram, findStep } from '../db/programs.ts'
import { billReminders } from '../db/reminders.ts'
import type { BillDetailJson, BillJson } from '../http/schemas.ts'
import { toSettingsJson } from '../http/schemas.ts'

export interface BillFilter {
  /** Whose bills: the owner's (or all, for an admin) or the holder's. */
  scope: { owner: string } | { holder: string } | 'all'
  program?: string | undefined
  statuses?: BillStatus[] | undefined
  search?: string | undefined
  /** Issue date range, inclusive. */
  from?: string | undefined
  to?: string | undefined
  /** Open bills (unpaid, overdue) first, then by due date: the holder's `/bills`. */
  openFirst?: boolean | undefined
}

/** A page of bills, newest first (or open ones first), with the count over all pages. */
export async function listBills(
  db: DbOrTrx,
  filter: BillFilter,
  page: PageRequest,
): Promise<{ count: number; rows: (BillRow & { code: string | null; next_reminder_at: Date | null })[] }> {
  let q = db.selectFrom('credit_bills')
  if (filter.scope !== 'all') {
    q =
      'owner' in filter.scope
        ? q.where('credit_bills.owner_user_id', '=', filter.scope.owner)
        : q.where('credit_bills.holder_user_id', '=', filter.scope.holder)
  }
  if (filter.program) q = q.where('credit_bills.program_id', '=', filter.program)
  if (filter.statuses?.length) q = q.where('credit_bills.status', 'in', filter.statuses)
  if (filter.from) q = q.where('credit_bills.issue_date', '>=', filter.from as never)
  if (filter.to) q = q.where('credit_bills.issue_date', '<=', filter.to as never)
  const search = filter.search?.trim()
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    const number = /^(?:[A-Za-z]{6}-)?(\d{1,15})$/.exec(search)?.[1]
    q = q.where((eb) =>
      eb.or([
        eb('credit_bills.holder_name', 'ilike', like),
        eb('credit_bills.holder_email', 'ilike', like),
        eb('credit_bills.reference', 'ilike', like),
        ...(number ? [eb('credit_bills.number', '=', BigInt(number))] : []),
      ]),
    )
  }
  // Narrowed by program and state only (an owner's list as it opens): the kept counts answer.
  const kept = filter.scope !== 'all' && 'owner' in filter.scope && !search && !filter.from && !filter.to
  const counted = kept
    ? db
        .selectFrom('credit_bill_counts')
        .select(sql<number>`coalesce(sum(n), 0)::int`.as('count'))
        .where('owner_user_id', '=', (filter.scope as { owner: string }).owner)
        .$if(Boolean(filter.program), (qb) => qb.where('program_id', '=', filter.program as string))
        .$if(Boolean(filter.statuses?.length), (qb) => qb.where('status', 'in', filter.statuses as string[]))
        .executeTakeFirstOrThrow()
    : q.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow()
  const [{ count }, rows] = await Promise.all([
    counted,
    q
      .leftJoin('credit_programs', 'credit_programs.program_id', 'credit_bills.program_id')
      .select(billColumns)
      .select([
        'credit_programs.code',
        sql<Date | null>`(select min(r.planned_at) from credit_reminders r
          where r.bill_id = credit_bills.id and r.status in ('planned', 'sending'))`.as('next_reminder_at'),
      ])
      .$if(Boolean(filter.openFirst), (qb) =>
        qb
          .orderBy(sql`case when credit_bills.status in ('unpaid', 'overdue') then 0 else 1 end`)
          .orderBy('credit_bills.due_date'),
      )
      .orderBy('credit_bills.created_at', 'desc')
      .orderBy('credit_bills.id', 'desc')
      .limit(page.size)
      .offset(pageOffset(page))
      .execute(),
  ])
  return { count, rows: rows as (BillRow & { code: string | null; next_reminder_at: Date | null })[] }
}

/** Program titles of a list's bills, read once each through the programs module. */
export async function programTitles(db: DbOrTrx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  const programs = await Promise.all(unique.map((id) => findProgram(db, id)))
  return new Map(unique.map((id, i) => [id, programs[i]?.title ?? '']))
}

export function toBillJson(
  bill: BillRow,
  extra: { code: string | null | undefined; title: string; next_reminder_at: Date | null },
): BillJson {
  return {
    uuid: bill.id,
    number: billDisplayNumber(extra.code ?? undefined, bill.number),
    sequence: Number(bill.number),
    program: { uuid: bill.program_id, title: extra.title, code: extra.code ?? '' },
    holder: { uuid: bill.holder_user_id, name: bill.holder_name, email: bill.holder_email },
    status: bill.status,
    issue_date: bill.issue_date,
    due_date: bill.due_date,
    reference: bill.reference,
    currency: bill.currency,
    subtotal: Number(bill.subtotal),
    vat: Number(bill.vat),
    total: Number(bill.total),
    penalties: Number(bill.penalties),
    paid_amount: Number(bill.paid_amount),
    open_amount: Number(openAmount(bill)),
    reminders_stopped: bill.reminders_stopped,
    next_reminder_at: extra.next_reminder_at?.toISOString() ?? null,
    archived_reason: bill.archived_reason,
    created: bill.created_at.toISOString(),
    paid_at: bill.paid_at?.toISOString() ?? null,
    time_zone: bill.time_zone,
  }
}

/** Everything a bill's page shows: its lines, VAT per rate, reminders, payments and timeline. */
export async function billDetail(db: DbOrTrx, bill: BillRow, me: Caller): Promise<BillDetailJson> {
  const [settings, titles, lines, reminders, payments, events] = await Promise.all([
    findCreditProgram(db, bill.program_id),
    programTitles(db, [bill.program_id]),
    billLines(db, bill.id),
    billReminders(db, bill.id),
    billPayments(db, bill.id),
    billEvents(db, bill.id),
  ])
  const stepTitles = new Map<string, string>()
  for (const r of reminders) {
    if (!stepTitles.has(r.step_id)) {
      const step = await findStep(db, r.step_id)
      stepTitles.set(r.step_id, step?.title ?? '')
    }
  }
  const next = reminders.find((r) => r.status === 'planned' || r.status === 'sending')?.planned_at ?? null
  const perRate = new Map<string, { code: string; vat_rate: number | null; net: bigint }>()
  for (const l of lines) {
    if (l.kind !== 'item' || !l.vat_code) continue
    const key = `${l.vat_code}:${l.vat_rate_bp}`
    const row = perRate.get(key) ?? {
      code: l.vat_code,
      vat_rate: l.vat_rate_bp === null ? null : l.vat_rate_bp / 100,
      net: 0n,
    }
    row.net += l.net
    perRate.set(key, row)
  }
  const vatPerRate = [...perRate.values()].map((r) => ({
    code: r.code,
    vat_rate: r.vat_rate,
    net: Number(r.net),
    vat:
      r.vat_rate === null
        ? 0
        : Number((r.net * BigInt(Math.round(r.vat_rate * 100)) * 2n + 10_000n) / 20_000n),
  }))
  const owner = !isAdmin(me) && me.user_id === bill.owner_user_id
  return {
    ...toBillJson(bill, {
      code: settings?.code,
      title: titles.get(bill.program_id) ?? '',
      next_reminder_at: next,
    }),
    lines: lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unit_price: Number(l.unit_price),
      vat: l.vat_code,
      vat_rate: l.vat_rate_bp === null ? null : l.vat_rate_bp / 100,
      net: Number(l.net),
    })),
    vat_per_rate: vatPerRate,
    reminders: reminders.map((r) => ({
      uuid: r.id,
      step: { uuid: r.step_id, title: stepTitles.get(r.step_id) ?? '' },
      order: r.order,
      planned_at: r.planned_at.toISOString(),
      local_date: r.local_date,
      local_time: r.local_time,
      moved: r.moved,
      penalty: Number(r.penalty),
      status: r.status,
      reason: r.reason,
      sent_at: r.sent_at?.toISOString() ?? null,
    })),
    payments: payments.map((p) => ({
      uuid: p.payment_id,
      amount: Number(p.amount),
      currency: p.currency,
      status: p.status,
      paid_at: p.paid_at?.toISOString() ?? null,
      refunded: Number(p.refunded),
    })),
    timeline: events.map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind,
      reminder: e.reminder_id,
      params: e.params,
    })),
    contact:
      settings && (owner || isAdmin(me) || settings.contact_is_showed)
        ? toSettingsJson(settings).contact
        : null,
  }
}
