import { sql } from 'kysely'
import type { UserType } from '../../platform/context.ts'
import type { DbOrTrx } from '../../platform/db.ts'

/**
 * What another module needs to write to a user or to recognise an address (e.g. programs, to
 * invite an acceptor in their own language): the account, its type, language and display name.
 * Nothing secret.
 */
export interface UserContact {
  id: string
  email: string
  type: UserType
  language: string
  is_active: boolean
  /** Company name for companies, else first and last name (see `displayNames`); may be empty. */
  name: string
}

const columns = [
  'id',
  'email',
  'type',
  'language',
  'is_active',
  'legal_type',
  'company_name',
  'first_name',
  'last_name',
] as const

function toContact(r: {
  id: string
  email: string
  type: number
  language: string
  is_active: boolean
  legal_type: number
  company_name: string | null
  first_name: string
  last_name: string
}): UserContact {
  const person = `${r.first_name} ${r.last_name}`.trim()
  return {
    id: r.id,
    email: r.email,
    type: r.type as UserType,
    language: r.language,
    is_active: r.is_active,
    name: (r.legal_type === 1 && r.company_name?.trim()) || person || r.company_name?.trim() || '',
  }
}

export async function userContactById(db: DbOrTrx, id: string): Promise<UserContact | undefined> {
  const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst()
  return row && toContact(row)
}

/** Several accounts at once, by id (the reminder engine reads a batch of holders in one query). */
export async function userContactsByIds(
  db: DbOrTrx,
  ids: readonly string[],
): Promise<Map<string, UserContact>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((r) => [r.id, toContact(r)]))
}

/** The account of an e-mail address (any case), if there is one. */
export async function userContactByEmail(db: DbOrTrx, email: string): Promise<UserContact | undefined> {
  const row = await db
    .selectFrom('users')
    .select(columns)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
  return row && toContact(row)
}

/** A card holder as an owner picks one for a bill: never more than name, e-mail and phone. */
export interface CardholderChoice {
  id: string
  name: string
  email: string
  phone: string | null
}

/**
 * Active card holders whose name, e-mail or phone contains `search` (any case), for
 * `user/cardholders/autocomplete`: at most `limit`, names first alphabetically.
 */
export async function searchCardholders(
  db: DbOrTrx,
  search: string,
  limit: number,
): Promise<CardholderChoice[]> {
  const like = `%${search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`
  const digits = search.replace(/\D/g, '')
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'phone', 'phone_code'])
    .where('type', '=', 3)
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb(sql`first_name || ' ' || last_name`, 'ilike', like),
        eb('email', 'ilike', like),
        ...(digits.length >= 3
          ? [eb(sql`coalesce(phone_code, '') || coalesce(phone, '')`, 'like', `%${digits}%`)]
          : []),
      ]),
    )
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('email')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    phone: r.phone ? `${r.phone_code ?? ''}${r.phone}` : null,
  }))
}

/**
 * Whether an account still waits for its first password: made for someone by another user (a
 * program owner's `cardholders/create`, whose random password nobody knows) and never signed in
 * since, nor given a password through its invitation link. E-mails to such a person point at the
 * invitation; others do not need to be told.
 */
export async function awaitsFirstPassword(db: DbOrTrx, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .select(
      sql<boolean>`u.password_changed_at <= u.created_at
      and not exists (select 1 from sessions s where s.user_id = u.id)`.as('waits'),
    )
    .where('u.id', '=', id)
    .executeTakeFirst()
  return row?.waits === true
}
