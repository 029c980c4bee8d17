import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loseAnswer } from '../../tests/support/idempotency.ts'
import { createMailingTestContext, type MailingTestContext } from '../../tests/support/mailing.ts'
import { eventually } from '../../tests/support/smtp.ts'
import type { ErrorBody } from '../platform/http.ts'

let t: MailingTestContext

beforeAll(async () => {
  t = await createMailingTestContext({ SUPPORT_EMAIL: 'help@cardpay.test' })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.services.db.deleteFrom('support_requests').execute()
})

interface Created {
  uuid: string
  reference: string
  topic: string
  subject: string
  created: string
}

const valid = {
  name: 'Anna de Vries',
  email: 'Anna@Example.com',
  topic: 'payment',
  subject: 'Bill paid twice',
  message: 'I paid bill 2024-17 twice this morning, please refund one of them.',
  disputed_amount: { amount: 1250, currency: 'EUR' },
}

describe('POST /api/v1/support/requests', () => {
  it('stores the request, answers its reference and e-mails the requester in their language and the inbox', async () => {
    const res = await t.h.post<typeof valid, Created>('/api/v1/support/requests', valid, {
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    })
    expect(res.status).toBe(201)
    expect(res.body.reference).toMatch(/^SR-\d{6}$/)

    const row = await t.services.db
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', res.body.uuid)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      email: 'anna@example.com',
      language: 'de',
      disputed_amount: 1250n,
      disputed_currency: 'EUR',
      request_id: res.headers.get('x-request-id'),
    })
    const event = await t.services.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(event).toMatchObject({ name: 'support.request.received', payload: { support_request_id: row.id } })

    const [ack] = await t.smtp.waitFor((m) => m.to?.[0]?.address === 'anna@example.com')
    expect(ack!.subject).toContain(res.body.reference)
    expect(ack!.text).toContain('Anna de Vries')
    expect(ack!.text).toMatch(/12,50\s?€/) // German money format
    expect(ack!.messageId).toContain(event.id)
    const [notice] = await t.smtp.waitFor((m) => m.to?.[0]?.address === 'help@cardpay.test')
    expect(notice!.text).toContain(valid.message)
    expect(notice!.headers.find((h) => h.key === 'reply-to')?.value).toContain('anna@example.com')
  })

  it('uses the language given in the body over Accept-Language, and Dutch by default', async () => {
    const en = await t.h.post<unknown, Created>(
      '/api/v1/support/requests',
      { ...valid, email: 'en@example.com', language: 'en' },
      { headers: { 'accept-language': 'ru' } },
    )
    const nl = await t.h.post<unknown, Created>('/api/v1/support/requests', {
      ...valid,
      email: 'nl@example.com',
    })
    const rows = await t.services.db.selectFrom('support_requests').select(['id', 'language']).execute()
    expect(Object.fromEntries(rows.map((r) => [r.id, r.language]))).toEqual({
      [en.body.uuid]: 'en',
      [nl.body.uuid]: 'nl',
    })
  })

  it('refuses bad input with the wrong fields named, and stores nothing', async () => {
    const res = await t.h.post<unknown, ErrorBody>('/api/v1/support/requests', {
      ...valid,
      email: 'anna@',
      disputed_amount: { amount: -5, currency: 'EUR' },
    })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(['disputed_amount.amount', 'email'])
    expect(await t.services.db.selectFrom('support_requests').selectAll().execute()).toEqual([])
    expect(await t.services.db.selectFrom('outbox').selectAll().where('name', '=', 'x').execute()).toEqual([])
  })

  it('limits one address to 5 requests an hour', async () => {
    const email = 'flood@example.com'
    const results = await Promise.all(
      Array.from({ length: 7 }, () =>
        t.h.post<unknown, ErrorBody>('/api/v1/support/requests', { ...valid, email }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429, 429])
    expect(results.find((r) => r.status === 429)!.body.error.reason).toBe('support_request_limit')
    const count = await t.services.db
      .selectFrom('support_requests')
      .where('email', '=', email)
      .selectAll()
      .execute()
    expect(count).toHaveLength(5)
  })

  it('sends each e-mail once even if the event is relayed again', async () => {
    const res = await t.h.post<unknown, Created>('/api/v1/support/requests', {
      ...valid,
      email: 'once@example.com',
    })
    await t.smtp.waitFor((m) => m.to?.[0]?.address === 'once@example.com')
    await t.services.db.updateTable('outbox').set({ sent_at: null }).execute()
    await t.services.queues.notifications.obliterate({ force: true })
    await t.worker.relay.drain()
    await eventually(
      async () => (await t.services.queues.notifications.getCompletedCount()) >= 2,
      10_000,
      'jobs',
    )
    expect(t.smtp.messages.filter((m) => m.to?.[0]?.address === 'once@example.com')).toHaveLength(1)
    expect(res.status).toBe(201)
  })
})

describe('Idempotency-Key', () => {
  it('answers a retry with the first result, refuses the key for another body, and scopes keys per caller', async () => {
    const headers = { 'idempotency-key': 'retry-0001-abcdef' }
    const body = { ...valid, email: 'retry@example.com' }
    const first = await t.h.post<unknown, Created>('/api/v1/support/requests', body, { headers })
    const again = await t.h.post<unknown, Created>('/api/v1/support/requests', body, { headers })
    expect(first.status).toBe(201)
    expect(again).toMatchObject({ status: 201, body: first.body })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const rows = await t.services.db
      .selectFrom('support_requests')
      .where('email', '=', 'retry@example.com')
      .selectAll()
      .execute()
    expect(rows).toHaveLength(1)

    const other = await t.h.post<unknown, ErrorBody>(
      '/api/v1/support/requests',
      { ...body, subject: 'Another' },
      { headers },
    )
    expect(other.status).toBe(409)
    expect(other.body.error.reason).toBe('idempotency_key_reused')
  })

  it('does not keep a refusal: a corrected retry with the same key goes through', async () => {
    const headers = { 'idempotency-key': 'retry-0002-abcdef' }
    const bad = await t.h.post<unknown, ErrorBody>(
      '/api/v1/support/requests',
      { ...valid, email: 'x@' },
      { headers },
    )
    expect(bad.status).toBe(400)
    const good = await t.h.post<unknown, Created>(
      '/api/v1/support/requests',
      { ...valid, email: 'fixed@example.com' },
      { headers },
    )
    expect(good.status).toBe(201)
  })

  it('stores one request when the process died after it committed and before it answered', async () => {
    const headers = { 'idempotency-key': 'retry-lost-abcdef' }
    const body = { ...valid, email: 'lost@example.com' }
    const first = await t.h.post<unknown, Created>('/api/v1/support/requests', body, { headers })
    expect(first.status).toBe(201)
    await loseAnswer(t.services.db, headers['idempotency-key'])
    const again = await t.h.post<unknown, Created>('/api/v1/support/requests', body, { headers })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(again.body).toEqual(first.body)
    const rows = await t.services.db
      .selectFrom('support_requests')
      .where('email', '=', 'lost@example.com')
      .selectAll()
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('refuses a malformed key with the header named', async () => {
    const res = await t.h.post<unknown, ErrorBody>('/api/v1/support/requests', valid, {
      headers: { 'idempotency-key': 'a b' },
    })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toHaveProperty('Idempotency-Key')
  })
})
