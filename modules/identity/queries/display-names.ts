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
