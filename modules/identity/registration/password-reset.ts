import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { AppError, fieldProblem } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import type { Services } from '../../platform/module.ts'
import { revokeSessions } from '../db/sessions.ts'
import { findUserByEmail, findUserById, updateUser } from '../db/users.ts'
import { hashPassword, verifyPassword } from '../passwords.ts'
import { hashSecret } from '../tokens.ts'
import { linkExpired, TooManyRequests } from './errors.ts'
import { passwordResetRequested } from './events.ts'
import { resetSettings } from './settings.ts'

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32)

/**
 * "Forgot password": for an existing, active account queues the e-mail with a single-use link
 * (the handler makes the link, so it never sits in the outbox). The caller answers 202 whether or
 * not the account exists, and the limits (one request a minute, 5 an hour per address, in Redis)
 * apply to every address alike, so neither the answer nor a 429 tells whether an e-mail is known.
 */
export async function requestPasswordReset(
  services: Services,
  ctx: Pick<RequestContext, 'actor' | 'requestId' | 'log'>,
  input: { email: string; language?: string | undefined },
): Promise<void> {
  const { db, redis, config } = services
  const key = `${config.REDIS_PREFIX}:pwreset:${digest(input.email.toLowerCase())}`
  const fresh = await redis.set(`${key}:cooldown`, '1', 'EX', resetSettings.cooldownSeconds, 'NX')
  if (fresh !== 'OK') {
    const wait = await redis.ttl(`${key}:cooldown`)
    throw new TooManyRequests('please wait a moment before asking for a new link', 'reset_too_soon', wait)
  }
  const [[, count], , [, ttl]] = (await redis
    .multi()
    .incr(`${key}:hour`)
    .expire(`${key}:hour`, 3600, 'NX')
    .ttl(`${key}:hour`)
    .exec()) as [[unknown, number], unknown, [unknown, number]]
  if (count > resetSettings.hourlyLimit) {
    throw new TooManyRequests('too many password links asked for; try again later', 'reset_limit', ttl)
  }
  const user = await findUserByEmail(db, input.email)
  if (!user?.is_active) {
    ctx.log.info(
      { known: Boolean(user) },
      'password link asked for an unknown or disabled account; nothing sent',
    )
    return
  }
  await db.transaction().execute(async (trx) => {
    await publish(
      trx,
      passwordResetRequested,
      { user_id: user.id, language: input.language ?? user.language },
      ctx,
    )
  })
  ctx.log.info({ user_id: user.id }, 'password link requested')
}

/**
 * Sets a new password with an e-mailed link: the link must be known, unused, unexpired and its
 * account active, else "link expired" (reason `link_expired`: the screen offers a new link). Every
 * other link of the user is spent with it, and every session of the user ends.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<string> {
  const passwordHash = await hashPassword(input.password)
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select([
        'password_resets.user_id',
        'password_resets.expires_at',
        'password_resets.used_at',
        'users.is_active',
      ])
      .where('password_resets.token_hash', '=', hashSecret(input.token))
      .forUpdate()
      .executeTakeFirst()
    if (!link || link.used_at || link.expires_at <= new Date() || !link.is_active) throw linkExpired('token')
    await updateUser(trx, link.user_id, { password_hash: passwordHash, password_changed_at: new Date() })
    await trx
      .updateTable('password_resets')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', link.user_id)
      .where('used_at', 'is', null)
      .execute()
    await revokeSessions(trx, { userId: link.user_id }, 'password_reset')
    return link.user_id
  })
}

/**
 * A signed-in user changes their password: the old one must be right ("wrong password" on
 * `old_password`); every other session ends, the current one stays.
 */
export async function changePassword(
  db: Db,
  me: { user_id: string; session_id: string },
  input: { old_password: string; password: string },
): Promise<void> {
  const user = await findUserById(db, me.user_id)
  if (!user || !(await verifyPassword(user.password_hash, input.old_password))) {
    throw new AppError('validation_failed', 'wrong password', {
      reason: 'wrong_password',
      fields: { old_password: [fieldProblem('wrong_password', 'wrong password')] },
    })
  }
  const passwordHash = await hashPassword(input.password)
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, me.user_id, { password_hash: passwordHash, password_changed_at: new Date() })
    await revokeSessions(trx, { userId: me.user_id, except: me.session_id }, 'password_changed')
  })
}
