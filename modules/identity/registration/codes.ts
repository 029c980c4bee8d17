import { randomInt, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import type { RequestContext, UserType } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import { publish } from '../../platform/events.ts'
import { newId } from '../../platform/ids.ts'
import { findUserByEmail } from '../db/users.ts'
import { hashSecret, newSecret } from '../tokens.ts'
import { alreadyRegistered, linkExpired, TooManyRequests, wrongCode } from './errors.ts'
import { signupCodeRequested } from './events.ts'
import { codeSettings } from './settings.ts'

/**
 * E-mailed confirmation codes of the three registrations (program owner, acceptor, card holder),
 * in `email_codes` with purpose `signup` and the user type being registered.
 *
 * Life of a code: step one (or resend) inserts the row with a placeholder hash and publishes
 * `identity.signup-code.requested`; the handler, inside `once()`, draws the 6 digits, stores
 * their hash, restarts the 15 minutes and sends the e-mail, all in one transaction (a failed send
 * rolls the code back and the retry draws a new one). So the code exists only in the e-mail,
 * never in the outbox. A new code for the same registration ends the previous one. Five wrong
 * tries end a code; a right one is exchanged for a single-use signup token (30 minutes) that the
 * `complete` call spends.
 *
 * Six digits hashed with SHA-256 can be brute-forced from a leaked hash; the hash (salted with the
 * row id) keeps codes out of plain sight, the real protection is 5 tries and 15 minutes.
 */

export const signupPurpose = 'signup'
/** Stored until the handler makes the code: never the hash of any input. */
const pendingHash = 'pending'

export const hashCode = (rowId: string, code: string) => hashSecret(`${rowId}:${code}`)
export const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0')

const lockEmail = (trx: Trx, email: string) =>
  trx
    .selectNoFrom((eb) =>
      eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`signup:${email}`)])]).as('l'),
    )
    .execute()

const codesOf = (trx: Trx, email: string, userType: UserType) =>
  trx
    .selectFrom('email_codes')
    .where(sql<string>`lower(email)`, '=', email)
    .where('purpose', '=', signupPurpose)
    .where('user_type', '=', userType)

export interface CodeRequest {
  email: string
  userType: UserType
  language: string
}

/**
 * Starts (or restarts) a registration: refuses an e-mail that has an account (the specification
 * wants "email already registered" / "cardholder already registered" said here), enforces the
 * cool-down and the hourly cap, ends any live code of this registration and queues a new one.
 */
export async function requestSignupCode(
  db: Db,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  input: CodeRequest,
) {
  const email = input.email.toLowerCase()
  return db.transaction().execute(async (trx) => {
    await lockEmail(trx, email)
    const existing = await findUserByEmail(trx, email)
    if (existing) throw alreadyRegistered(existing.type)
    const recent = await codesOf(trx, email, input.userType)
      .select(['created_at'])
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .orderBy('created_at', 'desc')
      .execute()
    const last = recent[0]
    if (last) {
      const waited = (Date.now() - last.created_at.getTime()) / 1000
      if (waited < codeSettings.cooldownSeconds) {
        throw new TooManyRequests(
          'please wait a moment before asking for a new code',
          'code_resend_too_soon',
          codeSettings.cooldownSeconds - waited,
        )
      }
    }
    if (recent.length >= codeSettings.hourlyLimit) {
      const oldest = recent[recent.length - 1]!
      throw new TooManyRequests(
        'too many codes for this e-mail address; try again later',
        'code_limit',
        3600 - (Date.now() - oldest.created_at.getTime()) / 1000,
      )
    }
    // One live code per registration: the newest.
    await trx
      .updateTable('email_codes')
      .set({ expires_at: sql`now()` })
      .where(sql<string>`lower(email)`, '=', email)
      .where('purpose', '=', signupPurpose)
      .where('user_type', '=', input.userType)
      .where('confirmed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute()
    const id = newId()
    await trx
      .insertInto('email_codes')
      .values({
        id,
        email,
        purpose: signupPurpose,
        user_type: input.userType,
        code_hash: pendingHash,
        language: input.language,
        // Restarted by the handler when the e-mail goes out.
        expires_at: sql`now() + make_interval(mins => ${codeSettings.ttlMinutes})`,
      })
      .execute()
    await publish(trx, signupCodeRequested, { email_code_id: id }, ctx)
    return { id }
  })
}

/**
 * Resend: a new code for a registration that was started (a code asked for in the last day), in
 * the language given now or the one it was started in. For an address that never started one
 * nothing happens, and the caller answers the same 202.
 */
export async function resendSignupCode(
  db: Db,
  ctx: Pick<RequestContext, 'actor' | 'requestId'>,
  input: { email: string; userType: UserType; language?: string | undefined },
): Promise<boolean> {
  const email = input.email.toLowerCase()
  const started = await db
    .selectFrom('email_codes')
    .select(['language'])
    .where(sql<string>`lower(email)`, '=', email)
    .where('purpose', '=', signupPurpose)
    .where('user_type', '=', input.userType)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (!started) return false
  await requestSignupCode(db, ctx, {
    email,
    userType: input.userType,
    language: input.language ?? started.language,
  })
  return true
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * Checks a code against the newest one of the registration. Wrong: one try used ("wrong
 * confirmation code"); after the 5th wrong try, or once it expired or was replaced, the code is
 * dead ("link expired", the screen offers resend). Right: answers a single-use signup token.
 */
export async function confirmSignupCode(
  db: Db,
  input: { email: string; userType: UserType; code: string },
): Promise<{ signupToken: string; expiresAt: Date }> {
  const email = input.email.toLowerCase()
  // The wrong-try count must be saved even though the call fails: decide in the transaction,
  // throw after it commits.
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await codesOf(trx, email, input.userType)
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst()
    if (
      !row ||
      row.confirmed_at ||
      row.consumed_at ||
      row.expires_at <= new Date() ||
      row.attempts >= codeSettings.maxAttempts
    )
      return { ok: false as const, error: linkExpired('code') }
    if (row.code_hash === pendingHash || !sameHash(row.code_hash, hashCode(row.id, input.code))) {
      await trx
        .updateTable('email_codes')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', row.id)
        .execute()
      return { ok: false as const, error: wrongCode() }
    }
    const signupToken = newSecret()
    const confirmed = await trx
      .updateTable('email_codes')
      .set({ confirmed_at: sql`now()`, token_hash: hashSecret(signupToken) })
      .where('id', '=', row.id)
      .returning('confirmed_at')
      .executeTakeFirstOrThrow()
    const expiresAt = new Date(confirmed.confirmed_at!.getTime() + codeSettings.signupTokenMinutes * 60_000)
    return { ok: true as const, signupToken, expiresAt }
  })
  if (!outcome.ok) throw outcome.error
  return { signupToken: outcome.signupToken, expiresAt: outcome.expiresAt }
}

/**
 * Spends a signup token inside the transaction that creates the account: the confirmed e-mail
 * and the language the registration was started in, or "link expired" on `signup_token` when
 * the token is unknown, spent, older than 30 minutes or of another registration.
 */
export async function spendSignupToken(trx: Trx, token: string, userType: UserType) {
  const row = await trx
    .selectFrom('email_codes')
    .selectAll()
    .where('token_hash', '=', hashSecret(token))
    .forUpdate()
    .executeTakeFirst()
  if (
    !row ||
    row.user_type !== userType ||
    row.purpose !== signupPurpose ||
    !row.confirmed_at ||
    row.consumed_at ||
    row.confirmed_at.getTime() + codeSettings.signupTokenMinutes * 60_000 <= Date.now()
  )
    throw linkExpired('signup_token')
  await trx.updateTable('email_codes').set({ consumed_at: sql`now()` }).where('id', '=', row.id).execute()
  return { email: row.email, language: row.language }
}
