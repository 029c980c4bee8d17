import type { Insertable, Selectable, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

export type UserRow = Selectable<DB['users']>

export function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
}

export function findUserById(db: DbOrTrx, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export function insertUser(db: DbOrTrx, row: Insertable<DB['users']>): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow()
}

export function updateUser(db: DbOrTrx, id: string, set: Updateable<DB['users']>): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}
