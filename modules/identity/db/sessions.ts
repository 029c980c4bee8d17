import { sql } from 'kysely'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import { hashSecret, newSecret, sessionSeconds } from '../tokens.ts'

export interface NewSession {
  sessionId: string
  refreshToken: string
  expiresAt: Date
}

/** Opens a session (a refresh-token family) and issues its first refresh token. */
export async function openSession(
  trx: Trx,
  userId: string,
  meta: { ip: string; userAgent: string | undefined; remember: boolean },
): Promise<NewSession> {
  const sessionId = newId()
  const expiresAt = new Date(
    Date.now() + (meta.remember ? sessionSeconds.remember : sessionSeconds.browser) * 1000,
  )
  await trx
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      ip: meta.ip,
      user_agent: meta.userAgent ?? null,
      expires_at: expiresAt,
    })
    .execute()
  const refreshToken = await issueRefreshToken(trx, sessionId)
  return { sessionId, refreshToken, expiresAt }
}

export async function issueRefreshToken(trx: Trx, sessionId: string): Promise<string> {
  const secret = newSecret()
  await trx
    .insertInto('refresh_tokens')
    .values({ token_hash: hashSecret(secret), session_id: sessionId })
    .execute()
  return secret
}

export type Rotation =
  | { ok: true; userId: string; userType: number; sessionId: string; refreshToken: string; expiresAt: Date }
  | { ok: false; reason: 'unknown' | 'reused' | 'ended' }

/**
 * Exchanges a refresh token for the next one of its family. A token presented a second time means
 * it was copied: the whole family (session) is revoked, so neither the thief nor the owner can
 * go on with it. The row lock makes two concurrent uses of one token count as a reuse too.
 */
export async function rotateRefreshToken(trx: Trx, presented: string): Promise<Rotation> {
  const row = await trx
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.used_at',
      'sessions.id as session_id',
      'sessions.revoked_at',
      'sessions.expires_at',
      'users.id as user_id',
      'users.type',
      'users.is_active',
    ])
    .where('refresh_tokens.token_hash', '=', hashSecret(presented))
    .forUpdate()
    .executeTakeFirst()
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.revoked_at || row.expires_at <= new Date() || !row.is_active) return { ok: false, reason: 'ended' }
  if (row.used_at) {
    await revokeSessions(trx, { sessionId: row.session_id }, 'refresh_token_reused')
    return { ok: false, reason: 'reused' }
  }
  await trx
    .updateTable('refresh_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashSecret(presented))
    .execute()
  await trx
    .updateTable('sessions')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', row.session_id)
    .execute()
  const refreshToken = await issueRefreshToken(trx, row.session_id)
  return {
    ok: true,
    userId: row.user_id,
    userType: row.type,
    sessionId: row.session_id,
    refreshToken,
    expiresAt: row.expires_at,
  }
}

/** Ends one session, or every open session of a user (optionally all but one). */
export async function revokeSessions(
  db: DbOrTrx,
  which: { sessionId: string } | { userId: string; except?: string },
  reason: string,
): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('revoked_at', 'is', null)
  if ('sessionId' in which) q = q.where('id', '=', which.sessionId)
  else {
    q = q.where('user_id', '=', which.userId)
    if (which.except) q = q.where('id', '!=', which.except)
  }
  const result = await q.executeTakeFirst()
  return Number(result.numUpdatedRows)
}
