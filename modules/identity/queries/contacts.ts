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

/** The account of an e-mail address (any case), if there is one. */
export async function userContactByEmail(db: DbOrTrx, email: string): Promise<UserContact | undefined> {
  const row = await db
    .selectFrom('users')
    .select(columns)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
  return row && toContact(row)
}
