import type { UserType } from '../platform/context.ts'
import type { UserRow } from './db/users.ts'
import { writableFields } from './shared.ts'

/** The username (the e-mail) as shown: first and last two characters kept, the rest masked. */
export function maskUsername(email: string): string {
  if (email.length <= 4) return '*'.repeat(email.length)
  return `${email.slice(0, 2)}${'*'.repeat(email.length - 4)}${email.slice(-2)}`
}

export const avatarUrl = (file: string | null) => (file ? `/api/v1/user/avatars/${file}` : null)

/** The profile a user reads about themself: the fields of their portal plus who they are. */
export function ownProfile(user: UserRow) {
  const fields = writableFields[user.type as UserType]
  const values = Object.fromEntries(
    fields.map((f) => {
      const v = user[f]
      return [f, v instanceof Date ? v.toISOString().slice(0, 10) : (v ?? null)]
    }),
  )
  return {
    uuid: user.id,
    type: user.type as UserType,
    username: maskUsername(user.email),
    email: user.email,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    avatar: avatarUrl(user.avatar),
    is_active: user.is_active,
    created: user.created_at.toISOString(),
    // The number people call: the company's when the profile is a company's.
    contact_phone:
      user.legal_type === 1 && user.company_phone
        ? { phone_code: user.company_phone_code, phone: user.company_phone }
        : { phone_code: user.phone_code, phone: user.phone },
    ...values,
  }
}

/** What anyone signed in may read about another user: no e-mail, phone or address. */
export function publicProfile(user: UserRow) {
  return {
    uuid: user.id,
    type: user.type as UserType,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    title: user.title,
    avatar: avatarUrl(user.avatar),
    description: user.description,
    url: user.url,
    position: user.position,
    company_name: user.legal_type === 1 ? user.company_name : null,
    is_active: user.is_active,
    created: user.created_at.toISOString(),
  }
}
