import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorker, type WorkerProcess } from '../../services/worker/worker.ts'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type SignedIn, seedUser, signInAs } from '../../tests/support/factories.ts'
import { type MerchantServer, startMerchantServer } from '../../tests/support/merchant-server.ts'
import { type RouteRule, runRouteSecurityTests, type Tenants } from '../../tests/support/route-security.ts'
import { eventually } from '../../tests/support/smtp.ts'
import type { ErrorBody } from '../platform/http.ts'
import { createLogger } from '../platform/logger.ts'
import type { Page } from '../platform/pagination.ts'
import {
  attemptDelivery,
  attemptJobId,
  createEndpoint,
  type DeliveryWithAttempts,
  getDelivery,
  revealEndpointSecret,
  type SendWebhookInput,
  sendWebhook,
  sweepDueDeliveries,
  updateEndpoint,
  verifyWebhookSignature,
  webhooksModule,
} from './index.ts'

let t: TestContext
let worker: WorkerProcess
let merchant: MerchantServer
let owner: { id: string; session: SignedIn }
let endpoint: { id: string; secret: string }

beforeAll(async () => {
  merchant = await startMerchantServer()
  // The product's first retries (1 s, 2 s, 3 s) and nothing longer, so exhaustion takes 6 s here.
  t = await createTestContext({ env: { WEBHOOK_RETRY_SCHEDULE: '1s,2s,3s', WEBHOOK_TIMEOUT_MS: '500' } })
  worker = await startWorker(t.services, [webhooksModule])
  const user = await seedUser(t, { type: 1 })
  owner = { id: user.id, session: await signInAs(t.h, user) }
  endpoint = await newEndpoint('/hooks')
})
afterAll(async () => {
  await worker.stop()
  await t.close()
  await merchant.close()
})

async function newEndpoint(path: string, ownerId = owner.id) {
  const { endpoint: e, secret } = await createEndpoint(t.services.db, t.services.config, {
    owner_user_id: ownerId,
    program_uuid: 'program-1',
    url: `${merchant.url}${path}`,
  })
  return { id: e.id, secret }
}

const send = (input: Partial<SendWebhookInput> & { endpointUuid: string }) =>
  t.services.db.transaction().execute((trx) =>
    sendWebhook(trx, {
      eventType: 'payment.succeeded',
      payload: { amount: 1250n, currency: 'EUR' },
      ...input,
    }),
  )

const delivery = async (id: string) => (await getDelivery(t.services.db, id))!
/** Waits until the delivery is no longer pending. */
const settled = async (id: string, timeoutMs = 15_000): Promise<DeliveryWithAttempts> =>
  (await eventually(
    async () => {
      const d = await delivery(id)
      return d.status !== 'pending' ? d : undefined
    },
    timeoutMs,
    'delivery settled',
  )) as DeliveryWithAttempts
/** Waits until the delivery has at least `n` attempts in its log. */
const attemptsOf = async (id: string, n: number, timeoutMs = 10_000): Promise<DeliveryWithAttempts> =>
  (await eventually(
    async () => {
      const d = await delivery(id)
      return d.attempt_log.length >= n ? d : undefined
    },
    timeoutMs,
    `${n} attempts`,
  )) as DeliveryWithAttempts

describe('delivery', () => {
  it('POSTs the event signed with the endpoint secret, once, and logs the attempt', async () => {
    const sent = await send({ endpointUuid: endpoint.id, eventId: 'pay-1.succeeded' })
    expect(sent).toMatchObject({ status: 'pending', attempts: 0, event_id: 'pay-1.succeeded' })
    const d = await settled(sent.id)
    expect(d).toMatchObject({
      status: 'succeeded',
      reason: null,
      attempts: 1,
      last_status: 200,
      next_attempt_at: null,
    })
    expect(d.completed_at).toBeInstanceOf(Date)

    const [req] = merchant.requestsTo('/hooks')
    expect(req!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': expect.stringMatching(/^Cardpay-Webhooks\//),
      'webhook-id': sent.id,
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    })
    expect(Math.abs(Number(req!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10)
    expect(JSON.parse(req!.body)).toEqual({
      id: 'pay-1.succeeded',
      type: 'payment.succeeded',
      timestamp: sent.created_at.toISOString(),
      data: { amount: 1250, currency: 'EUR' },
    })
    expect(verifyWebhookSignature(endpoint.secret, req!.body, req!.headers)).toBe(true)
    expect(verifyWebhookSignature((await newEndpoint('/other')).secret, req!.body, req!.headers)).toBe(false)
    expect(await revealEndpointSecret(t.services.db, t.services.config, endpoint.id)).toBe(endpoint.secret)

    expect(d.attempt_log).toHaveLength(1)
    const [a] = d.attempt_log
    expect(a).toMatchObject({
      number: 1,
      trigger: 'automatic',
      response_status: 200,
      response_body: 'answer 200',
      error: null,
      request_body: req!.body,
    })
    expect(a!.duration_ms).toBeGreaterThanOrEqual(0)
    expect(a!.request_headers['webhook-signature']).toBe(req!.headers['webhook-signature'])
    expect(JSON.stringify(a!.request_headers)).not.toContain(endpoint.secret.slice(6))
  })

  it('sends an event once per endpoint, and nothing for a rolled-back transaction', async () => {
    const again = await send({ endpointUuid: endpoint.id, eventId: 'pay-1.succeeded' })
    const first = await t.services.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('event_id', '=', 'pay-1.succeeded')
      .execute()
    expect(first.map((r) => r.id)).toEqual([again.id])

    await expect(
      t.services.db.transaction().execute(async (trx) => {
        await sendWebhook(trx, {
          endpointUuid: endpoint.id,
          eventType: 'payment.failed',
          eventId: 'rb',
          payload: {},
        })
        throw new Error('the payment rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await new Promise((r) => setTimeout(r, 700))
    expect(
      await t.services.db.selectFrom('webhook_deliveries').where('event_id', '=', 'rb').selectAll().execute(),
    ).toEqual([])
    expect(merchant.requestsTo('/hooks')).toHaveLength(1)
  })

  it('retries at 1 s, 2 s and 3 s, then fails with maxRepeats; a replay afterwards still goes out', async () => {
    const e = await newEndpoint('/down')
    merchant.on('/down', { status: 503, body: 'maintenance' })
    const sent = await send({ endpointUuid: e.id })
    const d = await settled(sent.id)
    expect(d).toMatchObject({ status: 'failed', reason: 'maxRepeats', attempts: 4, last_status: 503 })
    expect(d.next_attempt_at).toBeNull()

    const times = merchant.requestsTo('/down').map((r) => r.at)
    expect(times).toHaveLength(4)
    const gaps = times.slice(1).map((at, i) => at - times[i]!)
    // Never early (the schedule), and not much later: a busy 2-core CI machine (load 15-20 while
    // the whole suite runs) promotes delayed jobs late by several seconds, so the upper bound is
    // loose; the lower one tells 1, 2, 3 apart.
    for (const [i, expected] of [1000, 2000, 3000].entries()) {
      expect(gaps[i]).toBeGreaterThanOrEqual(expected - 50)
      expect(gaps[i]).toBeLessThan(expected + 8000)
    }
    expect(new Set(merchant.requestsTo('/down').map((r) => r.headers['webhook-id']))).toEqual(
      new Set([sent.id]),
    )
    expect(d.attempt_log.map((a) => [a.number, a.trigger, a.response_status, a.response_body])).toEqual([
      [1, 'automatic', 503, 'maintenance'],
      [2, 'automatic', 503, 'maintenance'],
      [3, 'automatic', 503, 'maintenance'],
      [4, 'automatic', 503, 'maintenance'],
    ])
    const failedEvent = await t.services.db
      .selectFrom('outbox')
      .select('payload')
      .where('name', '=', 'webhooks.delivery.failed')
      .executeTakeFirstOrThrow()
    expect(failedEvent.payload).toEqual({ delivery_id: sent.id, endpoint_id: e.id, reason: 'maxRepeats' })

    // No more automatic attempts after exhaustion...
    await new Promise((r) => setTimeout(r, 1500))
    expect(merchant.requestsTo('/down')).toHaveLength(4)
    // ...but the merchant is back, and a replay delivers it.
    merchant.on('/down', { status: 204 })
    const res = await t.h.post<undefined, { uuid: string; status: string }>(
      `/api/v1/payment/webhook-deliveries/${sent.id}/replay`,
      undefined,
      { token: owner.session.token },
    )
    expect(res.status).toBe(202)
    expect(res.body).toMatchObject({ uuid: sent.id, status: 'failed' })
    const replayed = await attemptsOf(sent.id, 5)
    expect(replayed).toMatchObject({ status: 'succeeded', reason: null, attempts: 5, last_status: 204 })
    expect(replayed.attempt_log[4]).toMatchObject({ number: 5, trigger: 'replay', response_status: 204 })
  })

  it('stops retrying at the first 2xx', async () => {
    const e = await newEndpoint('/flaky')
    merchant.on('/flaky', { status: 500 }, { status: 201 })
    const sent = await send({ endpointUuid: e.id })
    const d = await settled(sent.id)
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2, last_status: 201 })
    await new Promise((r) => setTimeout(r, 2500))
    expect(merchant.requestsTo('/flaky')).toHaveLength(2)
    expect((await delivery(sent.id)).attempt_log.map((a) => a.response_status)).toEqual([500, 201])
  })

  it('counts a timeout as a failed attempt, with its duration in the log', async () => {
    const e = await newEndpoint('/slow')
    merchant.on('/slow', 'hang', { status: 200 })
    const sent = await send({ endpointUuid: e.id })
    const d = await settled(sent.id)
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2 })
    const [timedOut, ok] = d.attempt_log
    expect(timedOut).toMatchObject({
      response_status: null,
      response_body: null,
      error: 'timed out after 500 ms',
    })
    expect(timedOut!.duration_ms).toBeGreaterThanOrEqual(490)
    expect(timedOut!.duration_ms).toBeLessThan(1500)
    expect(ok).toMatchObject({ response_status: 200, error: null })
  })

  it('replays a delivered event as a new attempt with the same webhook-id', async () => {
    const e = await newEndpoint('/replay')
    const sent = await send({ endpointUuid: e.id })
    await settled(sent.id)
    const res = await t.h.post(`/api/v1/payment/webhook-deliveries/${sent.id}/replay`, undefined, {
      token: owner.session.token,
    })
    expect(res.status).toBe(202)
    const d = await attemptsOf(sent.id, 2)
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2 })
    expect(d.attempt_log.map((a) => a.trigger)).toEqual(['automatic', 'replay'])
    const reqs = merchant.requestsTo('/replay')
    expect(reqs).toHaveLength(2)
    expect(reqs[1]!.headers['webhook-id']).toBe(sent.id)
    expect(reqs[1]!.body).toBe(reqs[0]!.body)
    expect(verifyWebhookSignature(e.secret, reqs[1]!.body, reqs[1]!.headers)).toBe(true)
  })

  it('re-queues from the database an attempt whose Redis job was lost', async () => {
    const e = await newEndpoint('/lost')
    merchant.on('/lost', { status: 500 }, { status: 200 })
    const sent = await send({ endpointUuid: e.id })
    await attemptsOf(sent.id, 1)
    // Redis loses everything, the delayed job of attempt 2 included.
    await t.services.queues.notifications.obliterate({ force: true })
    expect(await t.services.queues.notifications.getJob(attemptJobId(sent.id, 2))).toBeUndefined()
    await new Promise((r) => setTimeout(r, 1500))
    expect(merchant.requestsTo('/lost')).toHaveLength(1)
    expect((await delivery(sent.id)).status).toBe('pending')

    expect(await sweepDueDeliveries(t.services, { graceMs: 0 })).toBe(1)
    const d = await settled(sent.id)
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2 })
    expect(merchant.requestsTo('/lost')).toHaveLength(2)
    expect(await sweepDueDeliveries(t.services, { graceMs: 0 })).toBe(0)
  })

  it('does not repeat an attempt when its job runs twice', async () => {
    const e = await newEndpoint('/twice')
    const sent = await send({ endpointUuid: e.id })
    await settled(sent.id)
    const log = createLogger({ name: 'test', level: 'silent' })
    const again = await attemptDelivery(
      t.services,
      { deliveryId: sent.id, trigger: 'automatic', attempt: 1 },
      log,
    )
    expect(again).toEqual({ made: false, why: 'stale' })
    expect(merchant.requestsTo('/twice')).toHaveLength(1)
  })

  it('refuses private addresses at send time in production mode (SSRF)', async () => {
    const e = await newEndpoint('/private')
    await t.services.queues.notifications.pause()
    try {
      const sent = await send({ endpointUuid: e.id })
      const strict = { ...t.services, config: { ...t.services.config, WEBHOOK_ALLOW_PRIVATE: false } }
      const log = createLogger({ name: 'test', level: 'silent' })
      const out = await attemptDelivery(
        strict,
        { deliveryId: sent.id, trigger: 'automatic', attempt: 1 },
        log,
      )
      expect(out).toMatchObject({ made: true, ok: false, status: null })
      expect((await delivery(sent.id)).attempt_log[0]!.error).toMatch(/^blocked/)
      expect(merchant.requestsTo('/private')).toHaveLength(0)
    } finally {
      await t.services.queues.notifications.resume()
    }
  })

  it('ends pending deliveries of an endpoint switched off, and refuses new ones', async () => {
    const e = await newEndpoint('/off')
    merchant.on('/off', { status: 500 })
    const sent = await send({ endpointUuid: e.id })
    await attemptsOf(sent.id, 1)
    await updateEndpoint(t.services.db, t.services.config, e.id, { is_active: false })
    const d = await settled(sent.id)
    expect(d).toMatchObject({ status: 'failed', reason: 'endpointInactive', attempts: 1 })
    await expect(send({ endpointUuid: e.id })).rejects.toMatchObject({
      code: 'business_rule',
      reason: 'endpoint_inactive',
    })
  })
})

describe('HTTP', () => {
  let other: SignedIn
  let admin: SignedIn
  let holder: SignedIn
  let e: { id: string; secret: string }
  let ids: string[]

  beforeAll(async () => {
    other = await signInAs(t.h, await seedUser(t, { type: 1 }))
    admin = await signInAs(t.h, await seedUser(t, { type: 4 }))
    holder = await signInAs(t.h, await seedUser(t, { type: 3 }))
    e = await newEndpoint('/http')
    merchant.on('/http', { status: 200 })
    ids = []
    for (const n of [1, 2, 3]) ids.push((await send({ endpointUuid: e.id, eventId: `http-${n}` })).id)
    for (const id of ids) await settled(id)
  })

  const list = (token?: string, query = '') =>
    t.h.get<Page<{ uuid: string; status: string }>>(
      `/api/v1/payment/webhook-endpoints/${e.id}/deliveries${query}`,
      {
        ...(token ? { token } : {}),
      },
    )

  it('lists an endpoint’s deliveries, newest first, paginated and filtered by status', async () => {
    const res = await list(owner.session.token, '?size=2')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ count: 3, pages: 2, size: 2, previous: null })
    expect(res.body.results.map((r) => r.uuid)).toEqual([ids[2], ids[1]])
    expect(res.body.next).toContain('page=2')
    expect((await list(owner.session.token, '?status=failed')).body.count).toBe(0)
    expect((await list(owner.session.token, '?status=succeeded')).body.count).toBe(3)
    expect((await list(admin.token)).body.count).toBe(3)
    const bad = await list(owner.session.token, '?status=lost')
    expect(bad.status).toBe(400)
    expect((bad.body as unknown as ErrorBody).error.fields).toHaveProperty('status')
  })

  it('shows a delivery with its attempts to the owner and admins', async () => {
    for (const token of [owner.session.token, admin.token]) {
      const res = await t.h.get<
        DeliveryWithAttempts & { attempt_log: { number: number; trigger: string }[] }
      >(`/api/v1/payment/webhook-deliveries/${ids[0]}`, { token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        uuid: ids[0],
        endpoint_uuid: e.id,
        event_id: 'http-1',
        status: 'succeeded',
        payload: { amount: 1250, currency: 'EUR' },
        attempt_log: [{ number: 1, trigger: 'automatic', response_status: 200 }],
      })
    }
  })

  it('answers 404 to another program owner, 403 to a card holder and 401 without a token', async () => {
    const paths = [
      ['GET', `/api/v1/payment/webhook-endpoints/${e.id}`],
      ['GET', `/api/v1/payment/webhook-endpoints/${e.id}/deliveries`],
      ['GET', `/api/v1/payment/webhook-deliveries/${ids[0]}`],
      ['POST', `/api/v1/payment/webhook-deliveries/${ids[0]}/replay`],
      ['POST', `/api/v1/payment/webhook-endpoints/${e.id}/test`],
    ] as const
    for (const [method, path] of paths) {
      const res = await t.h.request<ErrorBody>(method, path, { token: other.token })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect((await t.h.request(method, path, { token: holder.token })).status, `${method} ${path}`).toBe(403)
      expect((await t.h.request(method, path)).status, `${method} ${path}`).toBe(401)
    }
    await new Promise((r) => setTimeout(r, 500))
    expect((await delivery(ids[0]!)).attempt_log).toHaveLength(1)
    expect(merchant.requestsTo('/http')).toHaveLength(3)
    const unknown = await t.h.get('/api/v1/payment/webhook-deliveries/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
    })
    expect(unknown.status).toBe(404)
    expect((await t.h.get('/api/v1/payment/webhook-deliveries/nope', { token: admin.token })).status).toBe(
      400,
    )
  })

  it('sends a signed webhook.test ping on request', async () => {
    const res = await t.h.post<undefined, { uuid: string; event_type: string }>(
      `/api/v1/payment/webhook-endpoints/${e.id}/test`,
      undefined,
      { token: owner.session.token },
    )
    expect(res.status).toBe(202)
    expect(res.body.event_type).toBe('webhook.test')
    await settled(res.body.uuid)
    const ping = merchant.requestsTo('/http').at(-1)!
    expect(JSON.parse(ping.body)).toMatchObject({
      type: 'webhook.test',
      data: { test: true, endpoint_uuid: e.id },
    })
    expect(verifyWebhookSignature(e.secret, ping.body, ping.headers)).toBe(true)
  })
})

/** Tenant A's webhook objects for the route security harness: an endpoint of its owner and one delivery to it. */
interface WebhookObjects {
  endpoint: string
  delivery: string
}
async function webhookObjects({ a }: Tenants): Promise<WebhookObjects> {
  const mine = await newEndpoint('/tenant-a', a.owner.id)
  const sent = await send({ endpointUuid: mine.id })
  return { endpoint: mine.id, delivery: sent.id }
}
const theEndpoint = {
  as: 'owner',
  request: (o: WebhookObjects) => ({ params: { uuid: o.endpoint } }),
} as const
const theDelivery = {
  as: 'owner',
  request: (o: WebhookObjects) => ({ params: { uuid: o.delivery } }),
} as const
const webhookRoutes: Record<string, RouteRule<WebhookObjects>> = {
  'GET /payment/webhook-endpoints/{uuid}': { roles: ['owner', 'admin'], foreign: theEndpoint },
  'GET /payment/webhook-endpoints/{uuid}/deliveries': { roles: ['owner', 'admin'], foreign: theEndpoint },
  'GET /payment/webhook-deliveries/{uuid}': { roles: ['owner', 'admin'], foreign: theDelivery },
  'POST /payment/webhook-deliveries/{uuid}/replay': { roles: ['owner', 'admin'], foreign: theDelivery },
  'POST /payment/webhook-endpoints/{uuid}/test': { roles: ['owner', 'admin'], foreign: theEndpoint },
}

runRouteSecurityTests({
  context: () => t,
  module: webhooksModule,
  setup: webhookObjects,
  routes: webhookRoutes,
})
