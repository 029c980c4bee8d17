import { createHmac, randomBytes } from 'node:crypto'
import type { FormTree } from '../form.ts'

/** A Stripe object as the fake keeps and answers it. */
export type Obj = Record<string, unknown>

/** The mode of the key that called and the request's ids. */
export interface Ctx {
  live: boolean
  requestId: string
  idempotencyKey: string | null
}

export interface FakeStripeOptions {
  /** Secret keys that authenticate (default: `fakeStripeTestKey`). A `sk_live_` key makes live-mode objects. */
  apiKeys?: string[]
  /** Where events are POSTed, signed like Stripe's webhook endpoints. */
  webhook?: { url: string; secret: string }
  /** Clock in milliseconds (default `Date.now`): timestamps of objects and signatures. */
  now?: () => number
  /** The platform's available balance per currency (lowercase), for transfers without a source charge. */
  available?: Record<string, number>
}

export interface StripeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  livemode: boolean
  type: string
  account?: string
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  data: { object: Obj }
}

/** What the fake keeps of a card: never its number. */
export interface CardSummary {
  brand: string
  last4: string
  exp_month: number
  exp_year: number
}

/**
 * The fake's memory, shared by its resources: every object by id, what Stripe keeps beside them,
 * and the events it sends. The resources (checkout-sessions.ts, payment-intents.ts, refunds.ts,
 * connect.ts) take it as their first argument, as repository functions take the database.
 */
export class StripeStore {
  readonly url: string
  /** Every event, oldest first. */
  readonly events: StripeEvent[] = []
  /** Webhook deliveries and the status our endpoint answered (0 when unreachable). */
  readonly deliveries: { eventId: string; status: number }[] = []
  readonly objects = new Map<string, Obj>()
  /** Checkout Session id → what its PaymentIntent is made with (Stripe keeps this out of the session). */
  readonly sessionIntentData = new Map<string, Obj>()
  /** Account link path → the link's return URL. */
  readonly links = new Map<string, { account: string; returnUrl: string }>()
  /** PaymentIntent id → the card of its last attempt. */
  readonly cards = new Map<string, CardSummary>()
  readonly available: Record<string, number>
  /** The API version of the last request that named one: events are written in it. */
  version = '2024-06-20'
  readonly #opts: FakeStripeOptions
  readonly #pendingDeliveries = new Set<Promise<void>>()

  constructor(url: string, opts: FakeStripeOptions) {
    this.url = url
    this.#opts = opts
    this.available = { ...(opts.available ?? {}) }
  }

  put(o: Obj): void {
    this.objects.set(o.id as string, o)
  }

  mustGet(id: string, kind: string): Obj {
    const o = this.objects.get(id)
    if (!o || o.object !== kind) throw new Error(`no ${kind} ${id} in the fake`)
    return o
  }

  /** An object of this mode (test objects are invisible to live keys, as at Stripe). */
  find(id: string, kind: string, ctx: Ctx, param = 'id'): Obj {
    const o = this.objects.get(id)
    if (!o || o.object !== kind || Boolean(o.livemode) !== ctx.live) throw noSuch(kind, id, param)
    return o
  }

  read(id: string, kind: string, ctx: Ctx, expand: string[]): Obj {
    return this.expanded(this.find(id, kind, ctx), expand)
  }

  /** The Checkout Session that made a PaymentIntent, if one did. */
  sessionOf(intent: Obj): Obj | undefined {
    return [...this.objects.values()].find(
      (o) => o.object === 'checkout.session' && o.payment_intent === intent.id,
    )
  }

  /** `expand[]=a.b.c` replaces ids along the path with the objects they name (a copy; state is untouched). */
  expanded(o: Obj, expand: string[]): Obj {
    const copy = structuredClone(o)
    for (const path of expand) {
      let nodes: Obj[] = [copy]
      for (const field of path.split('.')) {
        const next: Obj[] = []
        for (const node of nodes) {
          const v = node[field]
          if (typeof v === 'string' && this.objects.has(v))
            node[field] = structuredClone(this.objects.get(v)!)
          if (node[field] && typeof node[field] === 'object') next.push(node[field] as Obj)
        }
        nodes = next
      }
    }
    return copy
  }

  /** Newest first, `limit` (default 10, at most 100) and `starting_after`, as Stripe lists. */
  list(ctx: Ctx, kind: string, p: FormTree, keep: (o: Obj) => boolean): Obj {
    const limit = Math.min(100, Math.max(1, Number(str(p.limit) ?? 10)))
    let all = [...this.objects.values()]
      .filter((o) => o.object === kind && Boolean(o.livemode) === ctx.live && keep(o))
      .reverse()
    const after = str(p.starting_after)
    if (after) all = all.slice(all.findIndex((o) => o.id === after) + 1)
    const data = all.slice(0, limit).map((o) => structuredClone(o))
    const paths: Record<string, string> = {
      'checkout.session': '/v1/checkout/sessions',
      refund: '/v1/refunds',
    }
    return { object: 'list', data, has_more: all.length > limit, url: paths[kind] ?? `/v1/${kind}s` }
  }

  /** Records an event and, with a webhook endpoint, POSTs it there signed. */
  emit(type: string, object: Obj, account?: string): void {
    const event: StripeEvent = {
      id: `evt_${randomId(24)}`,
      object: 'event',
      api_version: this.version,
      created: this.seconds(),
      livemode: Boolean(object.livemode),
      type,
      ...(account ? { account } : {}),
      pending_webhooks: this.#opts.webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    }
    this.events.push(event)
    const hook = this.#opts.webhook
    if (!hook) return
    const { headers, rawBody } = signedDelivery(event, hook.secret, Math.floor(this.now() / 1000))
    const delivery = fetch(hook.url, { method: 'POST', headers, body: rawBody })
      .then(async (res) => {
        await res.arrayBuffer()
        this.deliveries.push({ eventId: event.id, status: res.status })
      })
      .catch(() => {
        this.deliveries.push({ eventId: event.id, status: 0 })
      })
      .finally(() => this.#pendingDeliveries.delete(delivery))
    this.#pendingDeliveries.add(delivery)
  }

  /** Waits until every webhook POST made so far has been answered. */
  async flushWebhooks(): Promise<void> {
    while (this.#pendingDeliveries.size > 0) await Promise.all([...this.#pendingDeliveries])
  }

  now(): number {
    return this.#opts.now?.() ?? Date.now()
  }

  seconds(): number {
    return Math.floor(this.now() / 1000)
  }
}

/**
 * A delivery of `event` as Stripe sends it: the JSON body and `Stripe-Signature: t=…,v1=…`
 * (HMAC-SHA256 of `${t}.${body}` under the endpoint secret).
 */
export function signedDelivery(
  event: StripeEvent,
  secret: string,
  timestampSec: number,
): { headers: Record<string, string>; rawBody: string } {
  const rawBody = JSON.stringify(event, null, 2)
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signStripePayload(rawBody, secret, timestampSec),
    },
  }
}

/** `t=…,v1=…` for a body, as Stripe signs webhook deliveries. */
export function signStripePayload(rawBody: string, secret: string, timestampSec: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSec}.${rawBody}`).digest('hex')
  return `t=${timestampSec},v1=${v1}`
}

/** An error answer in Stripe's envelope `{error: {type, code, message, decline_code, param}}`. */
export class StripeFailure extends Error {
  readonly status: number
  readonly body: Obj
  /** Validation failures are not stored under the idempotency key; executed requests are. */
  readonly executed: boolean
  constructor(status: number, body: Obj, executed = false) {
    super(String(body.message))
    this.status = status
    this.body = body
    this.executed = executed
  }
}

export const invalid = (message: string, extra: Obj = {}) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...extra })

export const missing = (param: string) =>
  invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param })

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  })

export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined
}

export function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

export function positiveInt(v: unknown, param: string): number {
  if (v === undefined) throw missing(param)
  const n = Number(v)
  if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n) || n <= 0) {
    throw invalid(`Invalid positive integer`, { param })
  }
  return n
}

export function positiveIntOr(v: unknown, fallback: number): number {
  return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : fallback
}

/** Stripe metadata: up to 50 string keys of at most 40 characters, values of at most 500. */
export function metadataOf(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {}
  const entries = Object.entries(v as FormTree).filter((e): e is [string, string] => typeof e[1] === 'string')
  if (entries.length > 50) throw invalid('Metadata can have up to 50 keys.', { param: 'metadata' })
  for (const [k, val] of entries) {
    if (k.length > 40)
      throw invalid(`Metadata keys can be up to 40 characters long.`, { param: `metadata[${k}]` })
    if (val.length > 500)
      throw invalid(`Metadata values can be up to 500 characters long.`, { param: `metadata[${k}]` })
  }
  return Object.fromEntries(entries.filter(([, val]) => val !== ''))
}

export function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('')
}
