import { type ExpressionBuilder, sql } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import type { ReminderSkipReason, ReminderStatus } from '../codes.ts'

export interface ReminderRow {
  id: string
  bill_id: string
  step_id: string
  order: number
  planned_at: Date
  local_date: string
  local_time: string
  moved: string[]
  penalty: bigint
  status: ReminderStatus
  reason: string | null
  claim: string | null
  claimed_until: Date | null
  attempts: number
  sent_at: Date | null
  message_id: string | null
  error: string | null
  created_at: Date
  updated_at: Date
}

export const reminderColumns = (eb: ExpressionBuilder<DB, 'credit_reminders'>) =>
  [
    'credit_reminders.id',
    'credit_reminders.bill_id',
    'credit_reminders.step_id',
    'credit_reminders.order',
    'credit_reminders.planned_at',
    sql<string>`${eb.ref('credit_reminders.local_date')}::text`.as('local_date'),
    'credit_reminders.local_time',
    'credit_reminders.moved',
    'credit_reminders.penalty',
    'credit_reminders.status',
    'credit_reminders.reason',
    'credit_reminders.claim',
    'credit_reminders.claimed_until',
    'credit_reminders.attempts',
    'credit_reminders.sent_at',
    'credit_reminders.message_id',
    'credit_reminders.error',
    'credit_reminders.created_at',
    'credit_reminders.updated_at',
  ] as const

export async function billReminders(db: DbOrTrx, billId: string): Promise<ReminderRow[]> {
  return (await db
    .selectFrom('credit_reminders')
    .select(reminderColumns)
    .where('bill_id', '=', billId)
    .orderBy('order')
    .execute()) as ReminderRow[]
}

export async function findReminder(db: DbOrTrx, id: string): Promise<ReminderRow | undefined> {
  return (await db
    .selectFrom('credit_reminders')
    .select(reminderColumns)
    .where('id', '=', id)
    .executeTakeFirst()) as ReminderRow | undefined
}

/**
 * Marks every reminder of the bill not sent yet (planned, or claimed but not sent) as skipped with
 * `reason`, answering the rows it skipped. A worker holding a claim on one of them finds it skipped
 * when it tries to commit its send and sends nothing (see jobs/reminders.ts).
 */
export async function skipPendingReminders(
  trx: Trx,
  billId: string,
  reason: ReminderSkipReason,
): Promise<{ id: string; order: number }[]> {
  return trx
    .updateTable('credit_reminders')
    .set({ status: 'skipped', reason, claim: null, claimed_until: null, updated_at: new Date() })
    .where('bill_id', '=', billId)
    .where('status', 'in', ['planned', 'sending'])
    .returning(['id', 'order'])
    .execute()
}
