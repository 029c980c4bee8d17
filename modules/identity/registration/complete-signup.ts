import type { UserType } from '../../platform/context.ts'
import type { Trx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { createUser } from '../commands/create-user.ts'
import type { ClientMeta, IssuedTokens } from '../commands/sign-in.ts'
import { openSession } from '../db/sessions.ts'
import { findUserByEmail, type UserRow } from '../db/users.ts'
import { signAccessToken } from '../tokens.ts'
import { portalOfType } from '../user-types.ts'
import { spendSignupToken } from './codes.ts'
import { alreadyRegistered } from './errors.ts'

export interface CompleteSignupInput {
  signupToken: string
  userType: UserType
  password: string
  /** Profile columns of the new user (names, phone, company fields, ...). */
  profile: Record<string, unknown>
  remember: boolean
  /** Runs in the same transaction once the user exists (the acceptor's invitation hook). */
  afterCreate?: (trx: Trx, user: UserRow) => Promise<void>
}

/**
 * The last step of every registration: spends the signup token (the proof that the e-mail was
 * confirmed), creates the user in the language the registration started in, records that the
 * terms were accepted, and signs the new user in (a session and its first refresh token, in the
 * same transaction, plus a successful entry in the login history), as `auth/login` would.
 */
export async function completeSignup(
  services: Services,
  input: CompleteSignupInput,
  meta: ClientMeta,
): Promise<IssuedTokens> {
  const { db, config } = services
  const { user, session } = await db.transaction().execute(async (trx) => {
    const confirmed = await spendSignupToken(trx, input.signupToken, input.userType)
    const existing = await findUserByEmail(trx, confirmed.email)
    if (existing) throw alreadyRegistered(existing.type)
    const user = await createUser(trx, {
      ...input.profile,
      email: confirmed.email,
      password: input.password,
      type: input.userType,
      language: confirmed.language,
      terms_accepted_at: new Date(),
    })
    await input.afterCreate?.(trx, user)
    const session = await openSession(trx, user.id, { ...meta, remember: input.remember })
    await trx
      .insertInto('login_attempts')
      .values({
        id: newId(),
        user_id: user.id,
        email: user.email,
        portal: portalOfType[input.userType],
        ip: meta.ip,
        user_agent: meta.userAgent ?? null,
        success: true,
        reason: 'registered',
        session_id: session.sessionId,
      })
      .execute()
    return { user, session }
  })
  const access = await signAccessToken(config, { sub: user.id, typ: input.userType, sid: session.sessionId })
  return {
    auth_token: access.token,
    refresh_token: session.refreshToken,
    expires_at: access.expiresAt,
    session_expires_at: session.expiresAt,
    user,
  }
}
