import type { Portal } from '../../platform/config.ts'
import type { UserType } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { openSession } from '../db/sessions.ts'
import { findUserByEmail, type UserRow } from '../db/users.ts'
import { burnPasswordCheck, verifyPassword } from '../passwords.ts'
import { clearFailedSignIns, recordFailedSignIn, signInRetryAfter } from '../throttle.ts'
import { signAccessToken } from '../tokens.ts'
import { typeOfPortal } from '../user-types.ts'

export interface SignInInput {
  email: string
  password: string
  portal?: Portal | undefined
  remember: boolean
}

export interface ClientMeta {
  ip: string
  userAgent: string | undefined
}

export interface IssuedTokens {
  auth_token: string
  refresh_token: string
  expires_at: Date
  session_expires_at: Date
  user: UserRow
}

const invalid = () =>
  new AppError('unauthorized', 'invalid email or password', { reason: 'invalid_credentials' })

/**
 * Signs a user in: checks the throttle, the password (as slowly for an unknown e-mail as for a
 * known one), that the account is active and belongs to the portal; records the attempt in the
 * login history either way; opens a session with its first refresh token.
 */
export async function signIn(
  services: Services,
  input: SignInInput,
  meta: ClientMeta,
): Promise<IssuedTokens> {
  const { db, redis, config } = services
  const retryAfter = await signInRetryAfter(redis, config.REDIS_PREFIX, input.email, meta.ip)
  if (retryAfter > 0) {
    throw new AppError(
      'too_many_requests',
      `too many failed sign-ins; try again in ${Math.ceil(retryAfter / 60)} min`,
      { reason: 'sign_in_throttled', retryAfter },
    )
  }
  const user = await findUserByEmail(db, input.email)
  let passwordOk = false
  if (user) passwordOk = await verifyPassword(user.password_hash, input.password)
  else await burnPasswordCheck(input.password)

  const record = (success: boolean, reason: string | null, sessionId: string | null = null) =>
    db
      .insertInto('login_attempts')
      .values({
        id: newId(),
        user_id: user?.id ?? null,
        email: input.email.toLowerCase(),
        portal: input.portal ?? 'api',
        ip: meta.ip,
        user_agent: meta.userAgent ?? null,
        success,
        reason,
        session_id: sessionId,
      })
      .execute()

  if (!user || !passwordOk) {
    await recordFailedSignIn(redis, config.REDIS_PREFIX, input.email, meta.ip)
    await record(false, user ? 'wrong_password' : 'unknown_email')
    throw invalid()
  }
  if (!user.is_active) {
    await record(false, 'disabled')
    throw new AppError('forbidden', 'this account has been disabled', { reason: 'account_disabled' })
  }
  if (input.portal && typeOfPortal[input.portal] !== user.type) {
    await record(false, 'wrong_portal')
    throw new AppError('forbidden', 'this account does not belong to this portal', { reason: 'wrong_portal' })
  }
  await clearFailedSignIns(redis, config.REDIS_PREFIX, input.email, meta.ip)
  const session = await db
    .transaction()
    .execute((trx) => openSession(trx, user.id, { ...meta, remember: input.remember }))
  await record(true, null, session.sessionId)
  const access = await signAccessToken(config, {
    sub: user.id,
    typ: user.type as UserType,
    sid: session.sessionId,
  })
  return {
    auth_token: access.token,
    refresh_token: session.refreshToken,
    expires_at: access.expiresAt,
    session_expires_at: session.expiresAt,
    user,
  }
}
