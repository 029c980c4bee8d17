/**
 * Shapes of the identity API as the screens read them: the generated types of its OpenAPI
 * document (web/src/lib/api-types.gen.ts, `npm run api:types`), named for the screens.
 */
import type { Schema } from '../api-types.gen.ts'

/** 1 program owner, 2 acceptor, 3 card holder, 4 admin. */
export type UserType = Profile['type']

/** `GET user/profile`: who the user is plus the fields of their portal (absent when not theirs). */
export type Profile = Schema<'Profile'>

/** `GET user/users/{uuid}` for anyone but an admin (an admin reads the whole `Profile`). */
export type PublicProfile = Schema<'PublicProfile'>

export type LoginHistoryEntry = Schema<'LoginHistoryEntry'>

export type SessionEntry = Schema<'Session'>

export type ListedUser = Schema<'ListedUser'>

export type Country = Schema<'Country'>
