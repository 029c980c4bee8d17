import type { z } from 'zod'
import type { Actor, RequestContext } from './context.ts'
import type { Trx } from './db.ts'
import { newId } from './ids.ts'

/**
 * An event a module publishes: a past-tense name (`payments.payment.succeeded`) and the zod schema
 * of its payload. The payload is validated when it is published and again when a handler receives
 * it, so a malformed event fails at its source and a stale job fails loudly, not halfway.
 */
export interface EventType<N extends string = string, S extends z.ZodType = z.ZodType> {
  readonly name: N
  readonly schema: S
}

export function defineEvent<const N extends string, S extends z.ZodType>(
  name: N,
  schema: S,
): EventType<N, S> {
  if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*){2}$/.test(name)) {
    throw new Error(`event name ${name} must look like module.entity.past-tense-verb`)
  }
  return { name, schema }
}

/** An event as stored in the outbox and carried in every job derived from it. */
export interface EventEnvelope<P = unknown> {
  id: string
  name: string
  payload: P
  actor: Actor | null
  request_id: string | null
  created_at: string
}

/**
 * Writes an event to the outbox inside the caller's transaction. It reaches its handlers only if
 * that transaction commits; a rollback publishes nothing. Returns the event id.
 */
export async function publish<E extends EventType>(
  trx: Trx,
  event: E,
  payload: z.input<E['schema']>,
  ctx?: Pick<RequestContext, 'actor' | 'requestId'>,
): Promise<string> {
  if (!trx.isTransaction) throw new Error(`publish(${event.name}) must run inside a transaction`)
  const parsed = event.schema.parse(payload)
  const id = newId()
  await trx
    .insertInto('outbox')
    .values({
      id,
      name: event.name,
      payload: JSON.stringify(parsed),
      actor: ctx?.actor ? JSON.stringify(ctx.actor) : null,
      request_id: ctx?.requestId ?? null,
    })
    .execute()
  return id
}
