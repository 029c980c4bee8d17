import type { UserType } from '../../platform/context.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { avatarUrl } from '../profile-fields.ts'

/**
 * What other modules show of a user beside something they wrote (a feed post, a comment): who they
 * are to other people, as the public profile says it. The e-mail address is for the module to show
 * or not (only admins should see it).
 */
export interface PublicUser {
  uuid: string
  type: UserType
  first_name: string
  last_name: string
  full_name: string
  avatar: string | null
  company_name: string | null
  email: string
}

/** The users of `ids` by id, in one query (unknown ids are left out). */
export async function publicUsers(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, PublicUser>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'type', 'first_name', 'last_name', 'avatar', 'legal_type', 'company_name', 'email'])
    .where('id', 'in', unique)
    .execute()
  return new Map(
    rows.map((r) => [
      r.id,
      {
        uuid: r.id,
        type: r.type as UserType,
        first_name: r.first_name,
        last_name: r.last_name,
        full_name: `${r.first_name} ${r.last_name}`.trim(),
        avatar: avatarUrl(r.avatar),
        company_name: r.legal_type === 1 ? r.company_name : null,
        email: r.email,
      },
    ]),
  )
}
