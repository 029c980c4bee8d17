import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinProgram, type SignedIn, seedCashpoint, seedProgram } from '../../tests/support/factories.ts'
import { loseAnswer } from '../../tests/support/idempotency.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import {
  type MerchantServer,
  type Received,
  startMerchantServer,
} from '../../tests/support/merchant-server.ts'
import { type RouteRule, runRouteSecurityTests, type Tenants } from '../../tests/support/route-security.ts'
import { eventually, type SmtpCapture, startSmtpCapture } from '../../tests/support/smtp.ts'
import type { ErrorBody } from '../platform/http.ts'
import { verifyWebhookSignature } from '../webhooks/index.ts'
import { catalogue, fieldUuid } from './catalogue.ts'
import { paymentProgramFixture, seedSignedIn } from './fixtures/payment-program.ts'
import { terminalModule } from './index.ts'
import { signToken, tokenHash } from './tokens.ts'

let t: LiveTestContext
let smtp: SmtpCapture
let merchant: MerchantServer
let owner: SignedIn
let acceptor: SignedIn
let otherAcceptor: SignedIn
let otherOwner: SignedIn
let holder: SignedIn
let admin: SignedIn
let program: string
let cashpoint: string

beforeAll(async () => {
  smtp = await startSmtpCapture()
  merchant = await startMerchantServer()
  t = await createLiveTestContext({ env: { SMTP_URL: smtp.url } })
  ;({ owner, acceptor, program, cashpoint } = await paymentProgramFixture(t, {
    acceptorName: 'Bakkerij Piet',
  }))
  otherAcceptor = await seedSignedIn(t, { type: 2 })
  otherOwner = await seedSignedIn(t, { type: 1 })
  holder = await seedSignedIn(t, { type: 3 })
  admin = await seedSignedIn(t, { type: 4 })
})
afterAll(async () => {
  await t.close()
  await merchant.close()
  await smtp.close()
})

interface TerminalRequest {
  uuid: string
  status: string
  amount: number
  currency: string
  cashpoint: { uuid: string; title: string } | null
  callback_endpoint_uuid: string | null
  payment: { uuid: string; reference: string | null; status: string | null; card_last4: string | null }
  token: string | null
  pay_url: string | null
  expires: string
}
type Res = { result: TerminalRequest } & ErrorBody

const api = (path: string) => `/api/v1/manager${path}`
const ask = (amount: number, token = acceptor.token, at = cashpoint) =>
  t.h.post<unknown, Res>(
    api('/terminal-requests'),
    { cashpoint: at, amount, description: 'Two loaves' },
    { token },
  )
const view = async (id: string, token = acceptor.token) =>
  (await t.h.get<Res>(api(`/terminal-requests/${id}`), { token })).body.result
const preview = (token: string) =>
  t.h.get<{ merchant: string; amount: number; cashpoint: string } & ErrorBody>(
    `/api/v1/payment/qr-pay?token=${encodeURIComponent(token)}`,
  )
const claim = (token: string) =>
  t.h.post<unknown, { checkout_uuid: string; checkout_url: string } & ErrorBody>('/api/v1/payment/qr-pay', {
    token,
  })

/** The payer on the checkout page and the sandbox's hosted page, paying with a test card. */
async function payAtSandbox(paymentId: string, card = '4242 4242 4242 4242') {
  const started = await t.h.post<unknown, { redirect_url: string }>(`/api/v1/payment/checkout/${paymentId}`, {
    method: 'card',
  })
  expect(started.status).toBe(200)
  const sandboxId = started.body.redirect_url.split('/').pop() as string
  const paid = await t.h.post<unknown, { status: string }>(`/api/v1/sandbox/checkout/${sandboxId}/card`, {
    card_number: card,
    expiry: '12 / 30',
    cvc: '737',
  })
  expect(paid.status).toBe(200)
  return paid.body.status
}

const category = (key: string) => catalogue.find((c) => c.key === key)!.uuid
const use = (key: string, ...fields: string[]) => ({
  uuid: category(key),
  fields: fields.map((f) => ({ uuid: fieldUuid(`${key}.${f}`), is_used: true })),
})

/** Reads an SSE stream to its end (or `ms`), answering the statuses of its `status` events in order. */
async function statusEvents(id: string, token: string, ms = 20_000): Promise<string[]> {
  const res = await fetch(`${t.url}/api/v1/manager/terminal-requests/${id}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(ms),
  })
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const text = await res.text()
  return text
    .split('\n\n')
    .filter((block) => block.includes('event: status'))
    .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}').result.status as string)
}

describe('a terminal payment end to end', () => {
  it('shows a QR link, the payer pays it once, the screen follows live, the merchant gets a signed notification and the acceptor’s ledger the money', async () => {
    const notification = await t.h.post<unknown, { result: { secret: string; endpoint_uuid: string } }>(
      api('/payment-notifications'),
      {
        program,
        title: 'Till',
        url: `${merchant.url}/till`,
        categories: [use('payment', 'amount', 'reference', 'cashpoint', 'acceptor', 'card_last4')],
      },
      { token: owner.token },
    )
    expect(notification.status).toBe(201)

    const asked = await ask(1250)
    expect(asked.status).toBe(201)
    const request = asked.body.result
    expect(request).toMatchObject({ status: 'open', amount: 1250, currency: 'EUR' })
    expect(request.cashpoint?.uuid).toBe(cashpoint)
    expect(request.pay_url).toBe(`${t.url}/pay?token=${request.token}`)
    const token = request.token as string
    expect(Date.parse(request.expires) - Date.now()).toBeGreaterThan(14 * 60_000)
    // The token is stored hashed, never as it is.
    const stored = await t.services.db
      .selectFrom('terminal_requests')
      .select('token_hash')
      .where('id', '=', request.uuid)
      .executeTakeFirstOrThrow()
    expect(stored.token_hash).toBe(tokenHash(token))

    const live = statusEvents(request.uuid, acceptor.token)

    const seen = await preview(token)
    expect(seen.status).toBe(200)
    expect(seen.body).toMatchObject({ merchant: 'Bakkerij Piet', amount: 1250, cashpoint: 'Counter 1' })
    // Looking does not use the code; paying does, once.
    expect((await preview(token)).status).toBe(200)
    const first = await claim(token)
    expect(first.status).toBe(200)
    expect(first.body.checkout_uuid).toBe(request.payment.uuid)
    const again = await claim(token)
    expect(again.status).toBe(409)
    expect(again.body.error.reason).toBe('token_used')
    expect((await preview(token)).body.error.reason).toBe('token_used')

    expect(await payAtSandbox(first.body.checkout_uuid)).toBe('paid')
    await eventually(async () => (await view(request.uuid)).status === 'paid', 15_000, 'request paid')
    // The screen saw it open and then paid (claimed too, when the payer took longer than a second).
    const statuses = await live
    expect(statuses[0]).toBe('open')
    expect(statuses.at(-1)).toBe('paid')
    const done = await view(request.uuid)
    expect(done.payment).toMatchObject({ status: 'paid', card_last4: '4242' })

    // The merchant's endpoint receives the chosen fields, signed with the notification's secret.
    const delivery = (await eventually(async () => merchant.requestsTo('/till')[0])) as Received
    expect(verifyWebhookSignature(notification.body.result.secret, delivery.body, delivery.headers)).toBe(
      true,
    )
    expect(
      verifyWebhookSignature(
        'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        delivery.body,
        delivery.headers,
      ),
    ).toBe(false)
    const body = JSON.parse(delivery.body)
    expect(body.type).toBe('payment.paid')
    expect(body.data).toEqual({
      payment_uuid: request.payment.uuid,
      category: 'payment',
      reference: done.payment.reference,
      amount: 1250,
      cashpoint: { uuid: cashpoint, title: 'Counter 1' },
      acceptor: { uuid: acceptor.userId, name: 'Bakkerij Piet' },
      card_last4: '4242',
    })
    // The owner reads it in the endpoint's delivery log.
    const log = await t.h.get<{ results: { status: string }[] }>(
      `/api/v1/payment/webhook-endpoints/${notification.body.result.endpoint_uuid}/deliveries`,
      { token: owner.token },
    )
    await eventually(async () => {
      const l = await t.h.get<{ results: { status: string }[] }>(
        `/api/v1/payment/webhook-endpoints/${notification.body.result.endpoint_uuid}/deliveries`,
        { token: owner.token },
      )
      return l.body.results[0]?.status === 'succeeded'
    })
    expect(log.status).toBe(200)

    // The money is on the acceptor's sub-account: 12.50 captured, the sandbox fee (25 + 1.4 %) taken off.
    const balance = await eventually(async () => {
      const row = await t.services.db
        .selectFrom('ledger_lines')
        .innerJoin('ledger_sub_accounts', 'ledger_sub_accounts.id', 'ledger_lines.sub_account_id')
        .select((eb) => [
          eb.fn.sum<bigint>('ledger_lines.credit').as('credit'),
          eb.fn.sum<bigint>('ledger_lines.debit').as('debit'),
          eb.fn.countAll<bigint>().as('lines'),
        ])
        .where('ledger_sub_accounts.kind', '=', 'acceptor')
        .where('ledger_sub_accounts.external_id', '=', `${program}/${acceptor.userId}`)
        .executeTakeFirstOrThrow()
      return Number(row.lines) === 2 ? row : undefined
    })
    expect(BigInt(balance!.credit) - BigInt(balance!.debit)).toBe(1250n - 43n)

    // The program's owner reads it with the program's money; to another owner it does not exist.
    const query = `/api/v1/payment/journals?sub_account=program:${program},acceptor:${program}/*`
    const forOwner = await t.h.get<{ count: number }>(query, { token: owner.token })
    expect(forOwner.body.count).toBe(2) // the sale and its fee
    const stranger = otherOwner
    expect((await t.h.get<ErrorBody>(query, { token: stranger.token })).status).toBe(404)
  })
})

describe('a sale without a description', () => {
  it('is asked with the amount alone; the payer sees the shop, the cashpoint and the amount', async () => {
    const asked = await t.h.post<unknown, Res & { result: { description: string } }>(
      api('/terminal-requests'),
      { cashpoint, amount: 275 },
      { token: acceptor.token },
    )
    expect(asked.status).toBe(201)
    expect(asked.body.result.description).toBe('')
    const seen = await preview(asked.body.result.token as string)
    expect(seen.body).toMatchObject({ merchant: 'Bakkerij Piet', cashpoint: 'Counter 1', amount: 275 })
    // Too long is still refused, with the field named.
    const tooLong = await t.h.post<unknown, ErrorBody>(
      api('/terminal-requests'),
      { cashpoint, amount: 275, description: 'x'.repeat(256) },
      { token: acceptor.token },
    )
    expect(tooLong.status).toBe(400)
    expect(Object.keys(tooLong.body.error.fields ?? {})).toEqual(['description'])
  })
})

describe('a request whose answer was lost', () => {
  it('is answered again, with a working QR, when the process died after it committed', async () => {
    const key = `terminal-lost-${randomUUID()}`
    const send = () =>
      t.h.post<unknown, Res>(
        api('/terminal-requests'),
        { cashpoint, amount: 640, description: 'Lost answer' },
        { token: acceptor.token, headers: { 'idempotency-key': key } },
      )
    const a = await send()
    expect(a.status).toBe(201)
    await loseAnswer(t.services.db, key)
    const b = await send()
    expect(b.status).toBe(201)
    expect(b.headers.get('idempotent-replayed')).toBeNull()
    expect(b.body.result).toMatchObject({ uuid: a.body.result.uuid, status: 'open' })
    expect(b.body.result.payment.uuid).toBe(a.body.result.payment.uuid)
    const made = await t.services.db
      .selectFrom('terminal_requests')
      .select('id')
      .where('description', '=', 'Lost answer')
      .execute()
    expect(made).toHaveLength(1)
    // The new answer's QR works; the lost one's token was never shown and no longer does.
    expect((await preview(b.body.result.token as string)).status).toBe(200)
    expect((await preview(a.body.result.token as string)).status).toBe(409)
  })
})

describe('a QR code that cannot be used charges nothing', () => {
  const untouched = async (paymentId: string) => {
    const attempts = await t.services.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', paymentId)
      .execute()
    expect(attempts).toEqual([])
  }

  it('refuses an expired code, a forged one, a cancelled one and one replaced by a new QR', async () => {
    const { result: r } = (await ask(300)).body

    // 15 minutes later: the token says it has expired (its expiry is signed into it).
    const old = await signToken(t.services.db, t.config, r.uuid, new Date(Date.now() - 1000))
    await t.services.db
      .updateTable('terminal_requests')
      .set({ token_hash: tokenHash(old), token_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', r.uuid)
      .execute()
    for (const res of [await preview(old), await claim(old)]) {
      expect(res.status).toBe(409)
      expect(res.body.error.reason).toBe('token_expired')
    }
    expect((await view(r.uuid)).status).toBe('expired')

    // A changed character breaks the signature.
    const forged = `${old.slice(0, 5)}${old[5] === 'A' ? 'B' : 'A'}${old.slice(6)}`
    expect((await claim(forged)).body.error.reason).toBe('token_invalid')
    expect((await claim('nonsense')).status).toBe(400)

    // A new QR for the same request: the old code is replaced, the new one works.
    const renewed = await t.h.post<unknown, Res>(api(`/terminal-requests/${r.uuid}/token`), undefined, {
      token: acceptor.token,
    })
    expect(renewed.status).toBe(200)
    const fresh = renewed.body.result.token as string
    expect((await preview(fresh)).status).toBe(200)
    const second = await t.h.post<unknown, Res>(api(`/terminal-requests/${r.uuid}/token`), undefined, {
      token: acceptor.token,
    })
    expect((await preview(fresh)).body.error.reason).toBe('token_replaced')

    // Cancelled: the code stops working at once; cancelling again is fine; no new QR.
    const cancelled = await t.h.post<unknown, Res>(api(`/terminal-requests/${r.uuid}/cancel`), undefined, {
      token: acceptor.token,
    })
    expect(cancelled.body.result.status).toBe('cancelled')
    expect((await claim(second.body.result.token as string)).body.error.reason).toBe('token_cancelled')
    expect(
      (await t.h.post(api(`/terminal-requests/${r.uuid}/cancel`), undefined, { token: acceptor.token }))
        .status,
    ).toBe(200)
    expect(
      (await t.h.post(api(`/terminal-requests/${r.uuid}/token`), undefined, { token: acceptor.token }))
        .status,
    ).toBe(409)
    await untouched(r.payment.uuid)
  })

  it('cannot be cancelled once the payer started paying', async () => {
    const { result: r } = (await ask(200)).body
    expect((await claim(r.token as string)).status).toBe(200)
    const res = await t.h.post<unknown, ErrorBody>(api(`/terminal-requests/${r.uuid}/cancel`), undefined, {
      token: acceptor.token,
    })
    expect(res.status).toBe(409)
    expect(res.body.error.reason).toBe('request_claimed')
  })
})

describe('who may use the terminal', () => {
  it('is the cashpoint’s acceptor or the program owner; others are refused on every route', async () => {
    const byOwner = await ask(150, owner.token)
    expect(byOwner.status).toBe(201)
    // The money is still the cashpoint acceptor's.
    const p = await t.services.db
      .selectFrom('payments')
      .select(['acceptor_user_id', 'owner_user_id', 'payable_kind'])
      .where('id', '=', byOwner.body.result.payment.uuid)
      .executeTakeFirstOrThrow()
    expect(p).toEqual({
      acceptor_user_id: acceptor.userId,
      owner_user_id: owner.userId,
      payable_kind: 'terminal_request',
    })

    expect((await ask(150, otherAcceptor.token)).status).toBe(404)
    expect((await ask(150, otherOwner.token)).status).toBe(404)
    expect((await ask(150, holder.token)).status).toBe(403)
    expect((await ask(150, admin.token)).status).toBe(403)
    expect(
      (await t.h.post(api('/terminal-requests'), { cashpoint, amount: 150, description: 'x' })).status,
    ).toBe(401)

    const id = byOwner.body.result.uuid
    expect((await t.h.get(api(`/terminal-requests/${id}`), { token: acceptor.token })).status).toBe(200)
    expect((await t.h.get(api(`/terminal-requests/${id}`), { token: admin.token })).status).toBe(200)
    for (const who of [otherAcceptor, otherOwner]) {
      expect((await t.h.get(api(`/terminal-requests/${id}`), { token: who.token })).status).toBe(404)
      expect((await t.h.get(api(`/terminal-requests/${id}/events`), { token: who.token })).status).toBe(404)
      expect(
        (await t.h.post(api(`/terminal-requests/${id}/cancel`), undefined, { token: who.token })).status,
      ).toBe(404)
      expect(
        (await t.h.post(api(`/terminal-requests/${id}/token`), undefined, { token: who.token })).status,
      ).toBe(404)
    }
    expect((await t.h.get(api(`/terminal-requests/${id}`), { token: holder.token })).status).toBe(403)
    expect(
      (await t.h.post(api(`/terminal-requests/${id}/cancel`), undefined, { token: admin.token })).status,
    ).toBe(403)
    const theirs = await t.h.get<{ count: number }>(api('/terminal-requests'), { token: otherAcceptor.token })
    expect(theirs.body.count).toBe(0)
    // Filtered by a cashpoint or program they may not see, or one that does not exist: 404, as in a path.
    const listed = async (query: string, who: SignedIn) =>
      (await t.h.get<ErrorBody>(api(`/terminal-requests?${query}`), { token: who.token })).status
    expect(await listed(`cashpoint=${cashpoint}`, otherAcceptor)).toBe(404)
    expect(await listed(`program=${program}`, otherAcceptor)).toBe(404)
    expect(await listed(`cashpoint=${cashpoint}`, otherOwner)).toBe(404)
    expect(await listed(`program=${program}`, otherOwner)).toBe(404)
    expect(await listed(`program=${randomUUID()}`, admin)).toBe(404)
    expect(await listed(`cashpoint=${randomUUID()}`, admin)).toBe(404)
    for (const who of [acceptor, owner, admin]) {
      expect(await listed(`cashpoint=${cashpoint}&program=${program}`, who)).toBe(200)
    }

    // A closed cashpoint takes no payments.
    const closed = await t.h.post<unknown, { result: { uuid: string } }>(
      api('/cashpoints'),
      { program, title: 'Market stall' },
      { token: acceptor.token },
    )
    await t.h.patch(
      api(`/cashpoints/${closed.body.result.uuid}`),
      { is_active: false },
      { token: acceptor.token },
    )
    const refused = await ask(100, acceptor.token, closed.body.result.uuid)
    expect(refused.status).toBe(422)
    expect(refused.body.error.reason).toBe('cashpoint_inactive')
  })
})

describe('payment requests from a merchant system', () => {
  it('answers a QR link for its request_uuid, once, and tells its callback the outcome, signed', async () => {
    const body = {
      program_uuid: program,
      request_uuid: 'order-4711',
      url: `${merchant.url}/callback`,
      fields: [
        { field_uuid: fieldUuid('payment.amount'), value: 700 },
        { field_uuid: fieldUuid('payment.description'), value: 'Order 4711' },
        { field_uuid: fieldUuid('payment.reference'), value: 'SHOP-4711' },
        { field_uuid: fieldUuid('payment.cashpoint'), value: cashpoint },
      ],
    }
    const res = await t.h.post<unknown, Res & { callback_secret: string }>(api('/payment-requests'), body, {
      token: owner.token,
    })
    expect(res.status).toBe(201)
    expect(res.body.result).toMatchObject({ status: 'open', amount: 700, cashpoint: { uuid: cashpoint } })
    expect(res.body.callback_secret).toMatch(/^whsec_/)
    // Its callback endpoint is labelled by a code the reader's screen words, not in English only;
    // another owner is told it does not exist.
    const endpointUuid = res.body.result.callback_endpoint_uuid
    expect(endpointUuid).toEqual(expect.any(String))
    const endpoint = await t.h.get<Record<string, unknown>>(
      `/api/v1/payment/webhook-endpoints/${endpointUuid}`,
      {
        token: owner.token,
      },
    )
    expect(endpoint.status).toBe(200)
    expect(endpoint.body).toMatchObject({
      uuid: endpointUuid,
      url: `${merchant.url}/callback`,
      description: 'Payment request order-4711',
      description_code: 'payment_request',
      description_params: { request_uuid: 'order-4711' },
      is_active: true,
    })
    expect(endpoint.body).not.toHaveProperty('secret')
    expect(
      (await t.h.get(`/api/v1/payment/webhook-endpoints/${endpointUuid}`, { token: otherOwner.token }))
        .status,
    ).toBe(404)
    // The same request again: the same request, a fresh link (the first one stops working).
    const again = await t.h.post<unknown, Res>(api('/payment-requests'), body, { token: owner.token })
    expect(again.status).toBe(200)
    expect(again.body.result.uuid).toBe(res.body.result.uuid)
    expect((await preview(res.body.result.token as string)).body.error.reason).toBe('token_replaced')

    const started = await claim(again.body.result.token as string)
    expect(await payAtSandbox(started.body.checkout_uuid)).toBe('paid')
    const callback = (await eventually(async () => merchant.requestsTo('/callback')[0])) as Received
    expect(verifyWebhookSignature(res.body.callback_secret, callback.body, callback.headers)).toBe(true)
    const sent = JSON.parse(callback.body)
    expect(sent.type).toBe('payment_request.paid')
    expect(sent.data).toMatchObject({
      request_uuid: 'order-4711',
      status: 'paid',
      amount: 700,
      card_last4: '4242',
    })
    // Paid: asking again answers the paid request without a link.
    const after = await t.h.post<unknown, Res>(api('/payment-requests'), body, { token: owner.token })
    expect(after.body.result).toMatchObject({ status: 'paid', token: null, pay_url: null })
  })

  it('refuses missing and unknown fields as fieldsValidation, and callers outside the program', async () => {
    const res = await t.h.post<unknown, ErrorBody>(
      api('/payment-requests'),
      {
        program_uuid: program,
        request_uuid: 'bad-1',
        fields: [
          { field_uuid: fieldUuid('payment.card_last4'), value: '4242' },
          { field_uuid: fieldUuid('payment.description'), value: 'x' },
        ],
      },
      { token: owner.token },
    )
    expect(res.status).toBe(400)
    expect(res.body.error.reason).toBe('fieldsValidation')
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(['amount', 'fields.0.field_uuid'])
    const body = {
      program_uuid: program,
      request_uuid: 'x-1',
      fields: [
        { field_uuid: fieldUuid('payment.amount'), value: 100 },
        { field_uuid: fieldUuid('payment.description'), value: 'x' },
      ],
    }
    // Another owner's program, one the acceptor has no place in: 404; a card holder: 403.
    expect((await t.h.post(api('/payment-requests'), body, { token: otherOwner.token })).status).toBe(404)
    expect((await t.h.post(api('/payment-requests'), body, { token: otherAcceptor.token })).status).toBe(404)
    expect((await t.h.post(api('/payment-requests'), body, { token: holder.token })).status).toBe(403)
    // A program that does not exist answers as another owner's: 404, not a field error.
    for (const who of [owner, acceptor]) {
      const unknown = await t.h.post<unknown, ErrorBody>(
        api('/payment-requests'),
        { ...body, program_uuid: randomUUID() },
        { token: who.token },
      )
      expect(unknown.status).toBe(404)
      expect(unknown.body.error.code).toBe('not_found')
    }
    // An acceptor of the program asks for themselves.
    const mine = await t.h.post<unknown, Res>(api('/payment-requests'), body, { token: acceptor.token })
    expect(mine.status).toBe(201)
  })
})

describe('statistics', () => {
  it('counts paid payments per day for the acceptor, the owner (per program) and admins', async () => {
    type Stats = {
      from: string
      to: string
      results: {
        currency: string
        count: number
        amount: number
        days: { date: string; count: number; amount: number }[]
      }[]
    } & ErrorBody
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date())
    // Paid in this file: 12.50 at the terminal and 7.00 by the payment request, both the acceptor's.
    const mine = await t.h.get<Stats>(api('/statistics'), { token: acceptor.token })
    expect(mine.status).toBe(200)
    expect(mine.body.to).toBe(today)
    expect(mine.body.results).toHaveLength(1)
    const eur = mine.body.results[0]!
    expect(eur).toMatchObject({ currency: 'EUR', count: 2, amount: 1950 })
    expect(eur.days).toHaveLength(30)
    expect(eur.days.at(-1)).toEqual({ date: today, count: 2, amount: 1950 })

    const theirs = await t.h.get<Stats>(api(`/statistics?program=${program}&from=${today}&to=${today}`), {
      token: owner.token,
    })
    expect(theirs.body.results[0]).toMatchObject({
      count: 2,
      amount: 1950,
      days: [{ date: today, count: 2 }],
    })
    expect((await t.h.get(api(`/statistics?program=${program}`), { token: otherOwner.token })).status).toBe(
      404,
    )
    // A program the acceptor never had a place in, and one that does not exist: 404 too.
    for (const [who, id] of [
      [otherAcceptor, program],
      [owner, randomUUID()],
      [admin, randomUUID()],
    ] as const) {
      const res = await t.h.get<ErrorBody>(api(`/statistics?program=${id}`), { token: who.token })
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('not_found')
    }
    expect((await t.h.get(api(`/statistics?program=${program}`), { token: acceptor.token })).status).toBe(200)
    expect((await t.h.get<Stats>(api('/statistics'), { token: otherOwner.token })).body.results).toEqual([])
    expect((await t.h.get<Stats>(api('/statistics'), { token: otherAcceptor.token })).body.results).toEqual(
      [],
    )
    const all = await t.h.get<Stats>(api(`/statistics?program=${program}`), { token: admin.token })
    expect(all.body.results[0]?.count).toBe(2)
    expect((await t.h.get(api('/statistics'), { token: holder.token })).status).toBe(403)
    const backwards = await t.h.get<Stats>(api('/statistics?from=2026-02-01&to=2026-01-01'), {
      token: owner.token,
    })
    expect(backwards.status).toBe(400)
    expect(
      (await t.h.get(api('/statistics?from=2024-01-01&to=2026-01-01'), { token: owner.token })).status,
    ).toBe(400)
    expect((await t.h.get(api('/statistics?tz=Mars/Olympus'), { token: owner.token })).status).toBe(400)
  })
})

describe('refund notifications', () => {
  it('tell the merchant about a refund with the refund fields chosen', async () => {
    const n = await t.h.post<unknown, { result: { secret: string } }>(
      api('/payment-notifications'),
      {
        program,
        title: 'Refunds',
        url: `${merchant.url}/refunds`,
        categories: [use('refund', 'refund_amount', 'refunded_total', 'reason')],
      },
      { token: owner.token },
    )
    expect(n.status).toBe(201)
    const { result: r } = (await ask(900)).body
    const started = await claim(r.token as string)
    expect(await payAtSandbox(started.body.checkout_uuid)).toBe('paid')
    await eventually(async () => (await view(r.uuid)).status === 'paid', 15_000, 'paid')
    const refund = await t.h.post(
      `/api/v1/payment/payments/${r.payment.uuid}/refunds`,
      { amount: 400, reason: 'One loaf returned' },
      { token: owner.token, headers: { 'idempotency-key': `refund-${r.uuid}` } },
    )
    expect(refund.status).toBe(202)
    const delivery = (await eventually(
      async () => merchant.requestsTo('/refunds')[0],
      20_000,
      'refund sent',
    )) as Received
    expect(verifyWebhookSignature(n.body.result.secret, delivery.body, delivery.headers)).toBe(true)
    const body = JSON.parse(delivery.body)
    expect(body.type).toBe('payment.refunded')
    expect(body.data).toEqual({
      payment_uuid: r.payment.uuid,
      category: 'refund',
      refund_amount: 400,
      refunded_total: 400,
      reason: 'One loaf returned',
    })
    // Paid payments of the program went to that endpoint too? No: it uses no payment field.
    expect(merchant.requestsTo('/refunds')).toHaveLength(1)
  })

  it('makes one payment request of two sent at once with the same request_uuid', async () => {
    const body = {
      program_uuid: program,
      request_uuid: 'order-race',
      fields: [
        { field_uuid: fieldUuid('payment.amount'), value: 300 },
        { field_uuid: fieldUuid('payment.description'), value: 'Race' },
      ],
    }
    const [a, b] = await Promise.all([
      t.h.post<unknown, Res>(api('/payment-requests'), body, { token: owner.token }),
      t.h.post<unknown, Res>(api('/payment-requests'), body, { token: owner.token }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 201])
    expect(a.body.result.uuid).toBe(b.body.result.uuid)
  })
})

/**
 * Tenant A's terminal objects for the route security harness: an active payment program with an
 * acceptor at a cashpoint, a payment notification and an open terminal request.
 */
interface TerminalObjects {
  program: string
  cashpoint: string
  notification: string
  request: string
}
async function terminalObjects({ a }: Tenants): Promise<TerminalObjects> {
  const program = (await seedProgram(a.owner, 'payment')).uuid
  await joinProgram(a.owner, program, a.acceptor)
  const cashpoint = await seedCashpoint(a.acceptor, program)
  const made = async (res: Promise<{ status: number; body: unknown }>, what: string) => {
    const { status, body } = await res
    if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`)
    return (body as { result: { uuid: string } }).result.uuid
  }
  const notification = await made(
    a.owner.api('POST', '/manager/payment-notifications', {
      program,
      title: 'Till',
      url: 'https://tenant-a.example/hook',
      categories: [use('payment', 'amount')],
    }),
    'notification',
  )
  const request = await made(
    a.acceptor.api('POST', '/manager/terminal-requests', { cashpoint, amount: 100, description: 'Bread' }),
    'terminal request',
  )
  return { program, cashpoint, notification, request }
}
const ownerReads = ['owner', 'admin'] as const
const workers = ['owner', 'acceptor'] as const
const everyone = ['owner', 'acceptor', 'admin'] as const
const theNotification = (body?: unknown) =>
  ({ as: 'owner', request: (o: TerminalObjects) => ({ params: { uuid: o.notification }, body }) }) as const
const theRequest = (as: 'owner' | 'acceptor') =>
  ({ as, request: (o: TerminalObjects) => ({ params: { uuid: o.request } }) }) as const
const askIn = (as: 'owner' | 'acceptor') =>
  ({
    as,
    request: (o: TerminalObjects) => ({
      body: {
        program_uuid: o.program,
        request_uuid: `security-${as}`,
        fields: [
          { field_uuid: fieldUuid('payment.amount'), value: 100 },
          { field_uuid: fieldUuid('payment.description'), value: 'x' },
        ],
      },
    }),
  }) as const
const atCashpoint = (as: 'owner' | 'acceptor') =>
  ({
    as,
    request: (o: TerminalObjects) => ({ body: { cashpoint: o.cashpoint, amount: 100, description: 'x' } }),
  }) as const
const terminalRoutes: Record<string, RouteRule<TerminalObjects>> = {
  'GET /manager/payment-notifications/categories': { roles: ownerReads },
  'GET /manager/payment-notifications': {
    roles: ownerReads,
    foreign: { as: 'owner', request: (o) => ({ query: { program: o.program } }) },
  },
  'GET /manager/payment-notifications/{uuid}': { roles: ownerReads, foreign: theNotification() },
  'POST /manager/payment-notifications': {
    roles: ['owner'],
    foreign: {
      as: 'owner',
      request: (o) => ({
        body: {
          program: o.program,
          title: 'x',
          url: 'https://x.example/',
          categories: [use('payment', 'amount')],
        },
      }),
    },
  },
  'PATCH /manager/payment-notifications/{uuid}': {
    roles: ['owner'],
    foreign: theNotification({ title: 'y' }),
  },
  'DELETE /manager/payment-notifications/{uuid}': { roles: ['owner'], foreign: theNotification() },
  'POST /manager/payment-requests': { roles: workers, foreign: [askIn('owner'), askIn('acceptor')] },
  'POST /manager/terminal-requests': {
    roles: workers,
    foreign: [atCashpoint('owner'), atCashpoint('acceptor')],
  },
  'GET /manager/terminal-requests': {
    roles: everyone,
    foreign: [
      { as: 'owner', request: (o) => ({ query: { program: o.program } }) },
      { as: 'owner', request: (o) => ({ query: { cashpoint: o.cashpoint } }) },
      { as: 'acceptor', request: (o) => ({ query: { program: o.program } }) },
      { as: 'acceptor', request: (o) => ({ query: { cashpoint: o.cashpoint } }) },
    ],
  },
  'GET /manager/terminal-requests/{uuid}': {
    roles: everyone,
    foreign: [theRequest('owner'), theRequest('acceptor')],
  },
  'GET /manager/terminal-requests/{uuid}/events': {
    roles: everyone,
    foreign: [
      { ...theRequest('owner'), control: false },
      { ...theRequest('acceptor'), control: false },
    ],
  },
  'POST /manager/terminal-requests/{uuid}/cancel': { roles: workers, foreign: theRequest('acceptor') },
  'POST /manager/terminal-requests/{uuid}/token': { roles: workers, foreign: theRequest('acceptor') },
  'GET /manager/statistics': {
    roles: everyone,
    foreign: [
      { as: 'owner', request: (o) => ({ query: { program: o.program } }) },
      { as: 'acceptor', request: (o) => ({ query: { program: o.program } }) },
    ],
  },
}

runRouteSecurityTests({
  context: () => t,
  module: terminalModule,
  setup: terminalObjects,
  routes: terminalRoutes,
})
