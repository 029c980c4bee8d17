import { sql } from 'kysely'
import type { Db } from '../../modules/platform/db.ts'
import { activateDraft, addFarReminder, type Caller, expectStatus, seedProgram, unique } from './factories.ts'

/**
 * Credit management factories (module `credit`), through the API as the owner portal makes them:
 * an active credit program that takes card payments at the sandbox, with a send window open every
 * day all day unless told otherwise, and its ladder.
 */
export interface LadderStepSeed {
  title?: string
  sender_type?: 1 | 2
  days?: number
  send_time?: string
  penalty?: { value_type: 1; amount: number } | { value_type: 2; percent: string } | null
  period?: number | null
  template?: number | null
}

export async function seedCreditProgram(
  owner: Caller,
  opts: {
    title?: string
    steps?: LadderStepSeed[]
    window?: { start: string; end: string; weekdays: number[] }
    time_zone?: string
  } = {},
): Promise<{ uuid: string; steps: string[] }> {
  const { uuid } = await seedProgram(owner, 'credit', {
    title: opts.title ?? unique('Invoices'),
    status: 'draft',
  })
  expectStatus(
    await owner.api('POST', '/manager/program-methods', {
      program: uuid,
      methods: [{ method_id: 'card', provider_id: 'sandbox', is_used: true }],
    }),
    200,
    'payment methods of the credit program',
  )
  expectStatus(
    await owner.api('PATCH', `/manager/reminder-settings/${uuid}`, {
      window: opts.window ?? { start: '00:00', end: '24:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
      time_zone: opts.time_zone ?? 'Europe/Amsterdam',
    }),
    200,
    'reminder settings',
  )
  const steps: string[] = []
  for (const [i, s] of (opts.steps ?? []).entries()) {
    const created = expectStatus(
      await owner.api<{ result: { uuid: string } }>('POST', '/manager/reminders', {
        program: uuid,
        title: s.title ?? `Step ${i + 1}`,
        subject: `Invoice {invoice_number}: step ${i + 1}`,
        text: 'Dear {name},\n\nPlease pay {amount} for invoice {invoice_number}, due {due_date}: {pay_link}\n\n{company}',
        time: { sender_type: s.sender_type ?? 2, value: s.days ?? i * 7 },
        send_time: s.send_time ?? '00:00',
        period:
          s.period === undefined
            ? { type: 11, value: 14 }
            : s.period === null
              ? null
              : { type: 11, value: s.period },
        penalty: s.penalty ?? null,
        ...(s.template !== undefined ? { template: s.template, is_system: s.template !== null } : {}),
      }),
      201,
      'ladder step',
    )
    steps.push(created.result.uuid)
  }
  // Activation needs a reminder switched on: without steps of its own, one that never comes in a test.
  if (!steps.length) await addFarReminder(owner, uuid)
  await activateDraft(owner, uuid)
  return { uuid, steps }
}

export async function issueBill(
  owner: Caller,
  program: string,
  holder: string,
  opts: {
    due_date: string
    items?: { description: string; quantity: number; unit_price: number; vat: string }[]
    /** The holder's zone; the program's when left out. */
    time_zone?: string
  },
): Promise<{ uuid: string; number: string; total: number }> {
  return expectStatus(
    await owner.api<{ result: { uuid: string; number: string; total: number } }>('POST', '/manager/bills', {
      program,
      holder,
      due_date: opts.due_date,
      ...(opts.time_zone ? { time_zone: opts.time_zone } : {}),
      items: opts.items ?? [{ description: 'Consulting', quantity: 2, unit_price: 5000, vat: 'high' }],
    }),
    201,
    'issue a bill',
  ).result
}

/** Makes each bill's first planned reminder (in ladder order) due now: this minute. */
export async function makeDue(db: Db, billIds: readonly string[]): Promise<void> {
  if (billIds.length === 0) return
  await sql`
    with first as (
      select distinct on (bill_id) id from credit_reminders
      where bill_id = any(${billIds}::uuid[]) and status = 'planned'
      order by bill_id, "order")
    update credit_reminders r set planned_at = date_trunc('minute', now())
    from first where r.id = first.id`.execute(db)
}
