import type { Insertable, Selectable, Updateable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export type NotificationRow = Selectable<DB['payment_notifications']>

export async function insertNotification(
  db: DbOrTrx,
  row: Insertable<DB['payment_notifications']>,
): Promise<NotificationRow> {
  return db.insertInto('payment_notifications').values(row).returningAll().executeTakeFirstOrThrow()
}

/** A notification that was not deleted. */
export async function findNotification(db: DbOrTrx, id: string): Promise<NotificationRow | undefined> {
  return db
    .selectFrom('payment_notifications')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export async function updateNotificationRow(
  db: DbOrTrx,
  id: string,
  changes: Updateable<DB['payment_notifications']>,
): Promise<NotificationRow> {
  return db
    .updateTable('payment_notifications')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A program's notifications (not deleted), oldest first; only the active ones when asked. */
export async function listNotifications(
  db: DbOrTrx,
  programUuid: string,
  opts: { activeOnly?: boolean } = {},
): Promise<NotificationRow[]> {
  let q = db
    .selectFrom('payment_notifications')
    .selectAll()
    .where('program_uuid', '=', programUuid)
    .where('deleted_at', 'is', null)
  if (opts.activeOnly) q = q.where('is_active', '=', true)
  return q.orderBy('created_at').orderBy('id').execute()
}
