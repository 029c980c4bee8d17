import { createHash } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { sql } from 'kysely'
import type { IdempotencyClaim } from './context.ts'
import type { Trx } from './db.ts'
import { AppError, fieldProblem } from './errors.ts'
import type { AppEnv } from './module.ts'

/** An in-flight request whose process died leaves its key claimed; after this, a retry may take it over. */
const abandonedAfterSeconds = 60
const keyPattern = /^[A-Za-z0-9_.:-]{8,255}$/

/**
 * Makes a POST safe to retry with an `Idempotency-Key` header (the same contract as the big
 * payment APIs): the first request with a key runs and its answer is stored; a retry with the
 * same key and the same body gets the stored answer again (`Idempotent-Replayed: true`) without
 * running anything; the same key with a different body is refused (409, reason `idempotency_key_reused`), and a retry
 * while the first is still running gets 409 too (reason `idempotency_key_in_progress`). Keys are scoped to the caller, so two users cannot collide.
 * Only successful answers are stored: after a refusal or a server error the caller may retry.
 */
export function idempotency(opts: { required?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key')
    if (!key) {
      if (opts.required) {
        throw new AppError('validation_failed', 'Idempotency-Key header is required', {
          fields: { 'Idempotency-Key': [fieldProblem('required', 'required for this call')] },
        })
      }
      return next()
    }
    if (!keyPattern.test(key)) {
      throw new AppError('validation_failed', 'invalid Idempotency-Key', {
        fields: {
          'Idempotency-Key': [fieldProblem('invalid_format', '8 to 255 letters, digits or . _ : -')],
        },
      })
    }
    const actor = c.get('actor')
    const scope = `${actor.kind === 'user' ? actor.user_id : actor.kind}:${c.req.method} ${c.req.path}`
    const hash = createHash('sha256')
      .update(await c.req.text())
      .digest('hex')
    const { db } = c.get('services')

    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: hash })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'key'])
          .doUpdateSet({ created_at: sql`now()`, request_hash: hash })
          // Take over only a claim whose request died before answering.
          .where('idempotency_keys.completed_at', 'is', null)
          .where(
            'idempotency_keys.created_at',
            '<',
            sql<Date>`now() - make_interval(secs => ${abandonedAfterSeconds})`,
          )
          .where('idempotency_keys.request_hash', '=', hash),
      )
      .returning('key')
      .executeTakeFirst()

    if (!claimed) {
      const existing = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirstOrThrow()
      if (existing.request_hash !== hash) {
        throw new AppError('conflict', 'this Idempotency-Key was used for a different request', {
          reason: 'idempotency_key_reused',
        })
      }
      if (existing.completed_at === null || existing.status_code === null) {
        throw new AppError('conflict', 'a request with this Idempotency-Key is still in progress', {
          reason: 'idempotency_key_in_progress',
        })
      }
      c.header('Idempotent-Replayed', 'true')
      return c.json(existing.response_body, existing.status_code as 200)
    }

    c.set('idempotencyClaim', { scope, key })
    try {
      await next()
    } catch (err) {
      await release(db, scope, key)
      throw err
    }
    // Hono turns a thrown error into its answer before control returns here. Only successes are
    // kept: a refusal (validation, rate limit, conflict) may succeed on a later retry.
    if (c.res.status < 200 || c.res.status >= 300) {
      await release(db, scope, key)
      return
    }
    const body = c.res.headers.get('content-type')?.includes('json') ? await c.res.clone().json() : null
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: c.res.status, response_body: JSON.stringify(body), completed_at: sql`now()` })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute()
  })
}

async function release(db: AppEnv['Variables']['services']['db'], scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute()
}

/**
 * Inside the transaction of a request's effect: the id of the effect this request's
 * Idempotency-Key already committed, when an earlier try committed it and its process died before
 * the answer was stored (the middleware lets a retry take such a key over after a minute). The
 * key's row stays locked until the transaction ends, so two takeovers cannot both spend. A command
 * that finds one answers that effect; else it does its work and calls `recordEffect`.
 */
export async function committedEffect(trx: Trx, claim: IdempotencyClaim | undefined): Promise<string | null> {
  if (!claim) return null
  const row = await trx
    .selectFrom('idempotency_keys')
    .select('effect_id')
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .forUpdate()
    .executeTakeFirst()
  return row?.effect_id ?? null
}

/** Records, in the effect's own transaction, what this request's Idempotency-Key did. */
export async function recordEffect(
  trx: Trx,
  claim: IdempotencyClaim | undefined,
  effectId: string,
): Promise<void> {
  if (!claim) return
  await trx
    .updateTable('idempotency_keys')
    .set({ effect_id: effectId })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .execute()
}
