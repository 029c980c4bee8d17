/** Shapes of the identity API as the screens read them (see modules/identity/http). */
import type { ProfileField } from '../../../../modules/identity/shared.ts'

/** The API's list wrapper. */
export interface Page<T> {
  count: number
  next: string | null
  previous: string | null
  pages: number
  size: number
  results: T[]
}

export type UserType = 1 | 2 | 3 | 4

/** `GET user/profile`: who the user is plus the fields of their portal (absent when not theirs). */
export type Profile = {
  uuid: string
  type: UserType
  username: string
  email: string
  full_name: string
  avatar: string | null
  is_active: boolean
  created: string
} & Partial<Record<ProfileField, string | number | null>>

/** `GET user/users/{uuid}` for anyone but an admin. */
export interface PublicProfile {
  uuid: string
  type: UserType
  first_name: string
  last_name: string
  full_name: string
  title: string | null
  avatar: string | null
  description: string | null
  url: string | null
  position: string | null
  company_name: string | null
  is_active: boolean
  created: string
  /** Only in an admin's answer, which holds the whole profile. */
  email?: string
}

export interface LoginHistoryEntry {
  time: string
  address: string | null
  device: string
  portal: string
  success: boolean
}

export interface SessionEntry {
  uuid: string
  created: string
  last_used: string
  expires: string
  address: string | null
  device: string
  current: boolean
}

export interface ListedUser {
  uuid: string
  type: UserType
  email: string
  first_name: string
  last_name: string
  full_name: string
  phone_code: string | null
  phone: string | null
  avatar: string | null
  is_active: boolean
  created: string
}

export interface Country {
  uuid: string
  name: string
  code: string
  currency_code: string
  currency_name: string
  phone_code: string
  continent: string | null
}
