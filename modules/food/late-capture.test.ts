import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Api,
  expectStatus,
  joinProgram,
  type Member,
  payWithSandboxCard,
  seeding,
  seedMember,
  until,
} from '../../tests/support/factories.ts'
import { type SeededRestaurant, seedRestaurant } from '../../tests/support/food.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { sandboxRecord } from '../../tests/support/sandbox.ts'
import { syncAttempt } from '../payments/index.ts'
import type { EventEnvelope } from '../platform/events.ts'
import { onFoodOrderPaid } from './orders/jobs.ts'

/**
 * A food order is paid once (issue 15, counter orders): a card capture that arrives after the order
 * was paid otherwise (in cash at the counter, or by the order's newer payment) gives itself back
 * through payments' refund path, and a late capture of an old QR after a new one was started pays
 * the order and closes the new one. Through HTTP against PostgreSQL, Redis, the worker and the
 * sandbox provider, with its webhooks delivered twice and in reverse order. Each case checks the
 * sandbox's own record (money taken less money given back), the ledger and the order's detail.
 */

let t: LiveTestContext
let acceptor: Member
let guest: Api
let place: SeededRestaurant

interface Detail {
  uuid: string
  order_status: number
  payment_method: string
  total: number
  history: { to_status: number }[]
  transactions: { uuid: string; transaction_status: string; amount: number; refunded_amount: number }[]
}

beforeAll(async () => {
  t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  const s = seeding(t)
  const [owner, staff] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Snackbar BV' }),
    seedMember(s, 'acceptor', { legal_type: 1, company_name: 'Balie BV' }),
  ])
  acceptor = staff
  guest = s.guest
  place = await seedRestaurant(owner)
  await joinProgram(owner, place.uuid, acceptor)
}, 180_000)
afterAll(async () => {
  await t?.close()
})

const counterCall = async (order: string, what: 'payment' | 'cash') =>
  expectStatus(
    await acceptor.api<{ result: Detail; payment_url: string | null }>(
      'POST',
      `/food/programs/${place.uuid}/counter-orders/${order}/${what}`,
    ),
    200,
    what,
  )
const paymentOf = (url: string | null) => url!.split('/').pop()!

/** A counter order paid by QR; the customer opens the payment's card page and leaves it open. */
async function qrOrderWithOpenPage() {
  const answer = expectStatus(
    await acceptor.api<{ result: Detail; payment_url: string }>(
      'POST',
      `/food/programs/${place.uuid}/counter-orders`,
      { lines: [{ product_id: place.product, quantity: 1 }], eat_in: false, payment: 'terminal' },
    ),
    201,
    'counter order by QR',
  )
  const payment = paymentOf(answer.payment_url)
  const page = expectStatus(
    await guest<{ redirect_url: string }>('POST', `/payment/checkout/${payment}`, { method: 'card' }),
    200,
    'the card page',
  )
  return {
    order: answer.result.uuid,
    total: answer.result.total,
    payment,
    page: paymentOf(page.redirect_url),
  }
}

/** The customer finishes on the page they left open: the provider captures. */
async function payOnPage(page: string) {
  const paid = expectStatus(
    await guest<{ status: string }>('POST', `/sandbox/checkout/${page}/card`, {
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '737',
    }),
    200,
    'paid on the page left open',
  )
  expect(paid.status).toBe('paid')
}

/** Two hours pass: the QR's payment runs out, so staff may ask for a new one. */
const expire = (payment: string) =>
  t.services.db
    .updateTable('payments')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', payment)
    .execute()

const detail = async (order: string) =>
  expectStatus(
    await acceptor.api<{ result: Detail }>('GET', `/food/programs/${place.uuid}/orders/${order}`),
    200,
    'order detail',
  ).result
const paymentRow = (id: string) =>
  t.services.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const refundsOf = (id: string) =>
  t.services.db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', id).execute()

/** The provider account (120) in the ledger for one payment: its captures less its refunds. */
async function ledgerKept(paymentId: string) {
  const { rows } = await sql<{ net: string }>`
    select coalesce(sum(l.debit), 0) - coalesce(sum(l.credit), 0) as net
    from ledger_lines l join ledger_entries e on e.id = l.entry_id
    where l.account = 120
      and ((e.source_kind = 'payment.captured'
            and e.source_id in (select id::text from payment_attempts where payment_id = ${paymentId}))
        or (e.source_kind = 'payment.refund'
            and e.source_id in (select id::text from payment_refunds where payment_id = ${paymentId})))`.execute(
    t.services.db,
  )
  return Number(rows[0]?.net ?? 0)
}
const paidEntries = async (order: string) =>
  (
    await t.services.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('source_kind', '=', 'food_order.paid')
      .where('source_id', '=', order)
      .execute()
  ).length

/** Money taken less money given back, at the provider and in the ledger, once the queues are quiet. */
async function expectKept(payment: string, amount: number) {
  await until(
    async () =>
      (await sandboxRecord(t.services.db, payment)).kept === amount && (await ledgerKept(payment)) === amount,
    `${amount} cents kept of payment ${payment}`,
  )
}

/**
 * The provider's webhooks not yet delivered, each a second time, all in reverse order (the relay
 * sends by `created_at`), while the worker is stopped.
 */
async function webhooksTwiceReversed() {
  await sql`
    with pending as (
      select id, name, payload, row_number() over (order by created_at desc, id desc) as n
      from outbox where sent_at is null and name = 'payments.sandbox-event.created'),
    reordered as (
      update outbox set created_at = now() + make_interval(secs => (select n from pending p where p.id = outbox.id) / 100.0)
      where id in (select id from pending) returning 1)
    insert into outbox (id, name, payload, created_at)
    select gen_random_uuid(), name, payload, now() + make_interval(secs => 1 + n / 100.0) from pending`.execute(
    t.services.db,
  )
}

describe('a late card capture of a counter order', { timeout: 120_000 }, () => {
  it('after cash was taken instead is refunded by itself, once, with duplicated and reordered webhooks', async () => {
    const qr = await qrOrderWithOpenPage()
    const cash = await counterCall(qr.order, 'cash')
    expect(cash.result).toMatchObject({ order_status: 3, payment_method: 'cash' })
    expect((await paymentRow(qr.payment)).status).toBe('cancelled')

    await t.stopWorker()
    await payOnPage(qr.page)
    await webhooksTwiceReversed()
    await t.startWorker()

    await until(async () => (await paymentRow(qr.payment)).status === 'refunded', 'the late capture refunded')
    await expectKept(qr.payment, 0)
    const refunds = await refundsOf(qr.payment)
    expect(refunds).toMatchObject([{ amount: BigInt(qr.total), status: 'succeeded', kind: 'requested' }])
    // The order stays paid in cash; the kitchen's ledger entry is the cash order's: none.
    const d = await detail(qr.order)
    expect(d).toMatchObject({ order_status: 3, payment_method: 'cash' })
    expect(d.history.map((h) => h.to_status)).toEqual([1, 2, 3])
    expect(d.transactions).toEqual([
      expect.objectContaining({
        uuid: qr.payment,
        transaction_status: 'refunded',
        amount: qr.total,
        refunded_amount: qr.total,
      }),
    ])
    expect(await paidEntries(qr.order)).toBe(0)

    // The same webhooks yet again: nothing more is given back.
    await t.stopWorker()
    await sql`insert into outbox (id, name, payload)
      select gen_random_uuid(), name, payload from outbox
      where name = 'payments.sandbox-event.created' and payload->>'object_id' = ${qr.page}`.execute(
      t.services.db,
    )
    await t.startWorker()
    await until(
      async () =>
        !(await t.services.db
          .selectFrom('outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .executeTakeFirst()),
      'the outbox sent',
    )
    await expectKept(qr.payment, 0)
    expect(await refundsOf(qr.payment)).toHaveLength(1)
  })

  it('of the old QR after a new one was started, the new one unpaid: pays the order and closes the new one', async () => {
    const qr = await qrOrderWithOpenPage()
    await expire(qr.payment)
    const fresh = paymentOf((await counterCall(qr.order, 'payment')).payment_url)
    expect(fresh).not.toBe(qr.payment)

    await payOnPage(qr.page)
    await until(async () => (await detail(qr.order)).order_status === 3, 'paid by the old QR')
    await until(async () => (await paymentRow(fresh)).status === 'cancelled', 'the new QR closed')
    const row = await t.services.db
      .selectFrom('food_orders')
      .select(['payment_id', 'payment_method'])
      .where('id', '=', qr.order)
      .executeTakeFirstOrThrow()
    expect(row.payment_id).toBe(qr.payment)
    // The new QR takes no money now; the old one's is kept, and posted once.
    const late = await guest('POST', '/payment/pay', {
      order_uuid: fresh,
      payment_type: 'card',
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    })
    expect(late.status).toBeGreaterThanOrEqual(400)
    await expectKept(qr.payment, qr.total)
    expect(await refundsOf(qr.payment)).toEqual([])
    await until(async () => (await paidEntries(qr.order)) === 1, 'the order’s ledger entry')
    const d = await detail(qr.order)
    expect(d.transactions.map((x) => [x.uuid, x.transaction_status])).toEqual([[qr.payment, 'paid']])
  })

  it('of the old QR after the new one paid: the late one is refunded, the new one kept', async () => {
    const qr = await qrOrderWithOpenPage()
    await expire(qr.payment)
    const fresh = paymentOf((await counterCall(qr.order, 'payment')).payment_url)
    await payWithSandboxCard(guest, fresh)
    await until(async () => (await detail(qr.order)).order_status === 3, 'paid by the new QR')

    await payOnPage(qr.page)
    await until(async () => (await paymentRow(qr.payment)).status === 'refunded', 'the old QR refunded')
    await expectKept(qr.payment, 0)
    await expectKept(fresh, qr.total)
    expect(await refundsOf(fresh)).toEqual([])
    const d = await detail(qr.order)
    expect(d.transactions.map((x) => [x.uuid, x.transaction_status, x.refunded_amount])).toEqual([
      [qr.payment, 'refunded', qr.total],
      [fresh, 'paid', 0],
    ])
    expect(await paidEntries(qr.order)).toBe(1)
    expect(
      (
        await t.services.db
          .selectFrom('food_orders')
          .select('payment_id')
          .where('id', '=', qr.order)
          .executeTakeFirstOrThrow()
      ).payment_id,
    ).toBe(fresh)
  })

  it('records the refund with the decision, before the provider is asked; a redelivery records no second one', async () => {
    const qr = await qrOrderWithOpenPage()
    await counterCall(qr.order, 'cash')
    await t.stopWorker()
    await payOnPage(qr.page)
    // The provider's news applied by hand (the worker is down): the payment is paid again.
    const attempt = await t.services.db
      .selectFrom('payment_attempts')
      .select('id')
      .where('payment_id', '=', qr.payment)
      .executeTakeFirstOrThrow()
    await syncAttempt(t.services, attempt.id)
    const row = await t.services.db
      .selectFrom('outbox')
      .selectAll()
      .where('name', '=', 'payments.payment.paid')
      .where(sql<boolean>`payload->>'payment_id' = ${qr.payment}`)
      .executeTakeFirstOrThrow()
    const event = {
      id: row.id,
      name: row.name,
      payload: row.payload,
      actor: row.actor,
      request_id: row.request_id,
      created_at: row.created_at.toISOString(),
    } as EventEnvelope<never>
    // Food's handler runs twice (a job redelivered after a crash): one refund, recorded and not sent yet.
    for (let i = 0; i < 2; i++)
      await onFoodOrderPaid.handle({ event, services: t.services, log: t.services.log, job: {} as never })
    expect(await refundsOf(qr.payment)).toMatchObject([{ status: 'requested', amount: BigInt(qr.total) }])
    expect((await sandboxRecord(t.services.db, qr.payment)).kept).toBe(qr.total)
    const toSend = await t.services.db
      .selectFrom('outbox')
      .select('id')
      .where('name', '=', 'payments.refund.recorded')
      .where(sql<boolean>`payload->>'payment_id' = ${qr.payment}`)
      .where('sent_at', 'is', null)
      .execute()
    expect(toSend).toHaveLength(1)
    // The worker back: the outbox delivers the paid event once more and the refund; it is sent once.
    await t.startWorker()
    await until(async () => (await paymentRow(qr.payment)).status === 'refunded', 'the refund sent')
    await expectKept(qr.payment, 0)
    expect(await refundsOf(qr.payment)).toHaveLength(1)
  })
})
