import type { DbOrTrx } from '../../platform/db.ts'

/**
 * How other modules name a user to someone else (a merchant on a payment page, a sender on a
 * receipt): the company name for companies, else first and last name, else nothing. Never the
 * e-mail address.
 */
export async function displayNames(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'legal_type', 'company_name', 'first_name', 'last_name'])
    .where('id', 'in', unique)
    .execute()
  return new Map(
    rows.map((r) => {
      const person = `${r.first_name} ${r.last_name}`.trim()
      return [r.id, (r.legal_type === 1 && r.company_name?.trim()) || person || r.company_name?.trim() || '']
    }),
  )
}

/** The company name a user filled in (any legal type), or nothing: a shop's name, never a person's. */
export async function companyName(db: DbOrTrx, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('company_name').where('id', '=', id).executeTakeFirst()
  return row?.company_name?.trim() || undefined
}
