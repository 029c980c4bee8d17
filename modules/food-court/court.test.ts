import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Api,
  expectStatus,
  joinProgram,
  type Member,
  payWithSandboxCard,
  seedMember,
  until,
} from '../../tests/support/factories.ts'
import {
  placeFoodOrder,
  type SeededRestaurant,
  startFoodSession,
  uploadFoodImage,
} from '../../tests/support/food.ts'
import {
  activateCourt,
  courtGuest,
  courtWorld,
  fillBasket,
  onboardAtSandbox,
} from '../../tests/support/food-court.ts'
import type { LiveTestContext } from '../../tests/support/live.ts'
import { deliveredOrdersBefore } from '../food/index.ts'
import { payoutFacts, releaseSplit } from '../payments/index.ts'
import { system } from '../platform/context.ts'
import { recordMerchantAnswer } from './commands/invites.ts'
import { applyCourtOrderPaid } from './commands/orders.ts'
import { finishRejection, releasePart, subOrderDelivered } from './commands/payouts.ts'
import { settleSingleOrder } from './jobs/handlers.ts'

/**
 * A food court end to end through HTTP against real PostgreSQL, Redis, the sandbox provider and the
 * worker: the court, invitations with sandbox onboarding, a cart across two restaurants paid once
 * and split, sub-orders on the kitchen boards, a payout exactly once (duplicated triggers and a
 * worker that died mid-payout), a rejected part refunded alone, a restaurant not onboarded never
 * shown nor paid, the statement reconciled with the ledger, and who may do what.
 */

let t: LiveTestContext
let courtOwner: Member
let ownerA: Member
let ownerB: Member
let ownerC: Member
let stranger: Member
let acceptorA: Member
let guest: Api
let A: SeededRestaurant
let B: SeededRestaurant
let C: SeededRestaurant
let court: string

type Err = { error: { code: string; reason?: string; field_codes?: Record<string, { code: string }[]> } }
const ctx = { actor: system('test'), requestId: 'test' }

beforeAll(async () => {
  const world = await courtWorld(['Pizza BV', 'Sushi BV', 'Taco BV'])
  ;({ t, guest, courtOwner } = world)
  ;[ownerA, ownerB, ownerC] = world.owners as [Member, Member, Member]
  ;[A, B, C] = world.restaurants as [SeededRestaurant, SeededRestaurant, SeededRestaurant]
  ;[stranger, acceptorA] = await Promise.all([
    seedMember(world.s, 'owner', { legal_type: 1, company_name: 'Other BV' }),
    seedMember(world.s, 'acceptor', { legal_type: 1, company_name: 'Keuken BV' }),
  ])
  await joinProgram(ownerA, A.uuid, acceptorA)
}, 240_000)
afterAll(async () => {
  await t?.close()
})

const onboard = (owner: Member, restaurant: string, approve = true) =>
  onboardAtSandbox(guest, owner, court, restaurant, approve)

describe('food court', () => {
  it('creates a court through its wizard step with the fee rules', async () => {
    const image = await uploadFoodImage(courtOwner, 'programs')
    const base = {
      title: 'De Foodhallen',
      description: 'Eten uit de hele wereld',
      image,
      address: 'Bellamyplein 51, Amsterdam',
    }
    const both = await courtOwner.api<Err>('POST', '/food/courts', {
      ...base,
      split_payment_fee_percent: 5,
      split_payment_fee_fixed: 100,
    })
    expect(both.status).toBe(400)
    expect(both.body.error.field_codes?.split_payment_fee_percent?.[0]?.code).toBe('only_one_fee_field')
    const tooMuch = await courtOwner.api<Err>('POST', '/food/courts', {
      ...base,
      split_payment_fee_percent: 101,
    })
    expect(tooMuch.body.error.field_codes?.split_payment_fee_percent?.[0]?.code).toBe('fee_percent_range')
    const created = expectStatus(
      await courtOwner.api<{ result: { uuid: string; status: number; split_payment_fee_percent: number } }>(
        'POST',
        '/food/courts',
        {
          ...base,
          split_payment_fee_percent: '7,5',
          food_court_min_order_amount: 1000,
          domain_name: 'hallen.localhost',
        },
      ),
      201,
      'create court',
    ).result
    expect(created.status).toBe(11003)
    expect(created.split_payment_fee_percent).toBe(7.5)
    court = created.uuid
    // Guests pay the court by card or iDEAL at the sandbox (the court's payment methods).
    await activateCourt(courtOwner, court)
  })

  it('invites restaurants; a second invite is inviteIsAlreadySent; counts and filters', async () => {
    for (const r of [A, B, C])
      expectStatus(
        await courtOwner.api('POST', '/food/invite', { program_uuid: court, restaurant_uuid: r.uuid }),
        200,
        'invite',
      )
    const again = await courtOwner.api<Err>('POST', '/food/invite', {
      program_uuid: court,
      restaurant_uuid: A.uuid,
    })
    expect(again.status).toBe(400)
    expect(again.body.error.reason).toBe('inviteIsAlreadySent')
    const counts = expectStatus(
      await courtOwner.api<{ pending: number }>('GET', `/food/invite/count?program_uuid=${court}`),
      200,
      'count',
    )
    expect(counts.pending).toBe(3)
    const pending = expectStatus(
      await courtOwner.api<{ count: number }>('GET', `/food/invite?program_uuid=${court}&status=pending`),
      200,
      'pending list',
    )
    expect(pending.count).toBe(3)
    // The restaurant sees the court's terms.
    const mine = expectStatus(
      await ownerA.api<{ results: { invite_uuid: string; court: { split_payment_fee_percent: number } }[] }>(
        'GET',
        '/food/invitations',
      ),
      200,
      'invitations',
    ).results
    expect(mine[0]?.court.split_payment_fee_percent).toBe(7.5)
  })

  it('authorization: another court owner, wrong role, no token, another restaurant', async () => {
    expect((await stranger.api('GET', `/food/invite?program_uuid=${court}`)).status).toBe(404)
    expect((await stranger.api('GET', `/food/invite/count?program_uuid=${court}`)).status).toBe(404)
    expect(
      (await stranger.api('DELETE', '/food/invite', { program_uuid: court, restaurant_uuid: A.uuid })).status,
    ).toBe(404)
    expect((await acceptorA.api('GET', `/food/invite?program_uuid=${court}`)).status).toBe(403)
    expect((await guest('GET', `/food/invite?program_uuid=${court}`)).status).toBe(401)
    expect((await guest('GET', `/food/courts/${court}/orders`)).status).toBe(401)
    // Someone else's restaurant cannot answer or onboard its invitation.
    expect(
      (await ownerB.api('POST', `/food/invite/${A.uuid}`, { program_uuid: court, status: 3 })).status,
    ).toBe(404)
    expect(
      (await ownerB.api('POST', '/food/ccv-onboarding', { food_court: court, restaurant_uuid: A.uuid }))
        .status,
    ).toBe(404)
  })

  it('onboards A and B at the sandbox; C stays pending and is hidden from guests; a failure resets', async () => {
    expect((await onboard(ownerA, A.uuid)).ccvpay_status).toBe('active')
    expect((await onboard(ownerB, B.uuid)).ccvpay_status).toBe('active')
    const failed = await onboard(ownerC, C.uuid, false)
    expect(failed).toMatchObject({ step: 4, status: 1, ccvpay_status: 'failed' })
    // C retries and leaves its onboarding pending.
    expectStatus(
      await ownerC.api('POST', '/food/ccv-onboarding', { food_court: court, restaurant_uuid: C.uuid }),
      200,
      'retry',
    )
    // A late "rejected" about C's earlier attempt (a poll that read before the retry) leaves the
    // retry pending: only the attempt the answer is about is reset.
    const invite = await t.services.db
      .selectFrom('food_court_invites')
      .select(['id', 'merchant_account_id', 'onboarding_status', 'status'])
      .where('court_id', '=', court)
      .where('restaurant_id', '=', C.uuid)
      .executeTakeFirstOrThrow()
    expect(invite).toMatchObject({ onboarding_status: 'pending', status: 2 })
    await recordMerchantAnswer(t.services.db, invite.id, `${invite.merchant_account_id}-earlier`, {
      status: 'rejected',
    })
    await recordMerchantAnswer(t.services.db, invite.id, `${invite.merchant_account_id}-earlier`, {
      status: 'active',
    })
    expect(
      await t.services.db
        .selectFrom('food_court_invites')
        .select(['merchant_account_id', 'onboarding_status', 'status'])
        .where('id', '=', invite.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ merchant_account_id: invite.merchant_account_id, onboarding_status: 'pending', status: 2 })
    const seen = expectStatus(
      await guest<{ result: { restaurants: { uuid: string }[] } }>(
        'GET',
        `/food/court?domain=hallen.localhost`,
      ),
      200,
      'guest court',
    ).result.restaurants.map((r) => r.uuid)
    expect(seen.sort()).toEqual([A.uuid, B.uuid].sort())
    const info = expectStatus(
      await courtOwner.api<{ result: { restaurants_not_onboarded: number } }>('GET', `/food/courts/${court}`),
      200,
      'court',
    )
    expect(info.result.restaurants_not_onboarded).toBe(1)
  })

  let order: {
    uuid: string
    total: number
    food_court_fee: number
    food_court_suborders: {
      uuid: string
      restaurant_uuid: string
      total: number
      food_court_fee: number
      payout_amount: number
    }[]
  }
  let session: string

  it('one cart across restaurants, the court minimum, one payment split', async () => {
    session = await startFoodSession(guest)
    await fillBasket(guest, session, [
      [A, 2],
      [B, 3],
      [C, 2],
    ])
    const cart = expectStatus(
      await guest<{ result: { restaurants: unknown[]; can_order: boolean; lines_elsewhere: number } }>(
        'GET',
        `/food/court/basket/${session}?court_uuid=${court}`,
      ),
      200,
      'cart',
    ).result
    expect(cart.restaurants).toHaveLength(2)
    expect(cart.lines_elsewhere).toBe(1)
    const body = { court_uuid: court, ...courtGuest }
    const key = randomUUID()
    const port = new URL(t.services.config.PUBLIC_URL).port
    const placed = expectStatus(
      await guest<{ result: typeof order; payment_uuid: string }>(
        'POST',
        `/food/court/basket/${session}/checkout`,
        body,
        {
          'idempotency-key': key,
          // Ordered on the court's own domain: the guest comes back there after paying.
          host: `hallen.localhost:${port}`,
        },
      ),
      201,
      'checkout',
    )
    const { return_url } = await t.services.db
      .selectFrom('payments')
      .select('return_url')
      .where('id', '=', placed.payment_uuid)
      .executeTakeFirstOrThrow()
    expect(return_url).toBe(`http://hallen.localhost:${port}/food-court/payment/${session}`)
    const again = expectStatus(
      await guest<{ result: typeof order; payment_uuid: string }>(
        'POST',
        `/food/court/basket/${session}/checkout`,
        body,
        {
          'idempotency-key': key,
        },
      ),
      201,
      'checkout again',
    )
    expect(again.payment_uuid).toBe(placed.payment_uuid)
    // The payment page names the court in the payer's words (a code), not in English.
    const page = await guest<{ description_code: string | null; description_params: unknown }>(
      'GET',
      `/payment/checkout/${placed.payment_uuid}`,
    )
    expect(page.body).toMatchObject({
      description_code: 'food_court_order',
      description_params: { court_title: expect.any(String) },
    })
    order = placed.result
    expect(order.food_court_suborders).toHaveLength(2)
    const sum = order.food_court_suborders.reduce((s, p) => s + p.total, 0)
    expect(sum).toBe(order.total)
    expect(order.food_court_fee).toBe(Math.floor((order.total * 750 * 2 + 10000) / 20000))
    await payWithSandboxCard(guest, placed.payment_uuid)
    await until(async () => {
      const o = expectStatus(
        await guest<{ result: { order_status: number } }>(
          'GET',
          `/food/court/orders/${order.uuid}?session_id=${session}`,
        ),
        200,
        'order',
      ).result
      return o.order_status === 3
    }, 'court order paid')
    // Each restaurant's kitchen board has its sub-order.
    for (const [owner, r] of [
      [ownerA, A],
      [ownerB, B],
    ] as const) {
      const board = expectStatus(
        await owner.api<{ results: { uuid: string; order_status: number }[] }>(
          'GET',
          `/food/programs/${r.uuid}/orders?active_view=true`,
        ),
        200,
        'board',
      ).results
      const sub = order.food_court_suborders.find((s) => s.restaurant_uuid === r.uuid)!
      expect(board.find((b) => b.uuid === sub.uuid)?.order_status).toBe(3)
    }
    // Someone else's session does not read it; another restaurant cannot reject it.
    expect((await guest('GET', `/food/court/orders/${order.uuid}?session_id=${randomUUID()}`)).status).toBe(
      404,
    )
    const subA = order.food_court_suborders.find((s) => s.restaurant_uuid === A.uuid)!
    expect(
      (await ownerB.api('POST', `/food/programs/${B.uuid}/court-orders/${subA.uuid}/reject`)).status,
    ).toBe(404)
    expect(
      (await ownerB.api('POST', `/food/programs/${A.uuid}/court-orders/${subA.uuid}/reject`)).status,
    ).toBe(404)
  })

  /** Sums per account of the sales entries of the order's parts with this source kind. */
  async function saleLines(kind: string) {
    const parts = await t.services.db
      .selectFrom('food_court_parts')
      .select(['id', 'food_order_id'])
      .where('court_order_id', '=', order.uuid)
      .execute()
    const rows = await t.services.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_lines as l', 'l.entry_id', 'e.id')
      .innerJoin('ledger_sub_accounts as s', 's.id', 'l.sub_account_id')
      .select([
        'e.id',
        'e.source_id',
        'e.journal',
        'l.account',
        's.kind',
        's.external_id',
        'l.debit',
        'l.credit',
      ])
      .where('e.source_kind', '=', kind)
      .where(
        'e.source_id',
        'in',
        parts.map((p) => p.id),
      )
      .execute()
    return { parts, rows }
  }

  it('posts each part’s sale and VAT once, balanced, under duplicated paid events', async () => {
    const payment = (
      await t.services.db
        .selectFrom('food_court_orders')
        .select('payment_id')
        .where('id', '=', order.uuid)
        .executeTakeFirstOrThrow()
    ).payment_id!
    // The paid event delivered again (another event id: once() does not stop it) — twice at once.
    await Promise.all(
      [1, 2].map(() =>
        t.services.db.transaction().execute((trx) => applyCourtOrderPaid(trx, order.uuid, payment, ctx)),
      ),
    )
    const { parts, rows } = await until(async () => {
      const r = await saleLines('food_court_part.paid')
      return new Set(r.rows.map((x) => x.id)).size === 2 && r
    }, 'sales posted')
    // One sales entry per part, in the sales journal, and one request only (the outbox).
    const requested = await t.services.db
      .selectFrom('outbox')
      .select('id')
      .where('name', '=', 'ledger.entry.requested')
      .where(sql<boolean>`payload->'source'->>'kind' = 'food_court_part.paid'`)
      .where(
        sql<string>`payload->'source'->>'id'`,
        'in',
        parts.map((p) => p.id),
      )
      .execute()
    expect(requested).toHaveLength(2)
    for (const sub of order.food_court_suborders) {
      const part = parts.find((p) => p.food_order_id === sub.uuid)!
      const lines = rows.filter((r) => r.source_id === part.id)
      expect(lines.every((l) => l.journal === 'sales')).toBe(true)
      const vat = BigInt(
        (
          await t.services.db
            .selectFrom('food_orders')
            .select('vat')
            .where('id', '=', sub.uuid)
            .executeTakeFirstOrThrow()
        ).vat,
      )
      expect(vat).toBeGreaterThan(0n)
      const on = (account: number, side: 'debit' | 'credit') =>
        lines.filter((l) => l.account === account).reduce((s, l) => s + BigInt(l[side]), 0n)
      // As a single order: income net and VAT on the restaurant's program; against its claim and the fee.
      expect(on(210, 'credit')).toBe(vat)
      expect(on(110, 'debit')).toBe(BigInt(sub.payout_amount))
      expect(on(610, 'debit')).toBe(BigInt(sub.food_court_fee))
      for (const l of lines.filter((l) => l.account === 210))
        expect([l.kind, l.external_id]).toEqual(['program', sub.restaurant_uuid])
      // The court fee is the court's income: off the fee the capture put on the court's 230.
      const onCourt = (account: number, side: 'debit' | 'credit') =>
        lines
          .filter((l) => l.account === account && l.external_id === court)
          .reduce((s, l) => s + BigInt(l[side]), 0n)
      expect(onCourt(230, 'debit')).toBe(BigInt(sub.food_court_fee))
      expect(onCourt(410, 'credit')).toBe(BigInt(sub.food_court_fee))
      expect(
        lines
          .filter((l) => l.account === 410 && l.external_id === sub.restaurant_uuid)
          .reduce((s, l) => s + BigInt(l.credit), 0n),
      ).toBe(BigInt(sub.total) - vat)
      const debit = lines.reduce((s, l) => s + BigInt(l.debit), 0n)
      const credit = lines.reduce((s, l) => s + BigInt(l.credit), 0n)
      expect(debit).toBe(credit)
      expect(debit).toBe(BigInt(sub.total) + BigInt(sub.food_court_fee))
    }
  })

  it('pays A out once on delivery, under duplicated triggers and a worker killed mid-payout', async () => {
    const subA = order.food_court_suborders.find((s) => s.restaurant_uuid === A.uuid)!
    const part = await t.services.db
      .selectFrom('food_court_parts')
      .selectAll()
      .where('food_order_id', '=', subA.uuid)
      .executeTakeFirstOrThrow()
    const payment = (
      await t.services.db
        .selectFrom('food_court_orders')
        .select('payment_id')
        .where('id', '=', order.uuid)
        .executeTakeFirstOrThrow()
    ).payment_id!
    // A worker died after payments recorded and sent the payout but before the part was marked.
    await t.services.db
      .updateTable('food_court_parts')
      .set({ status: 'releasing' })
      .where('id', '=', part.id)
      .execute()
    await releaseSplit(t.services, ctx, payment, part.merchant_account_id)
    expectStatus(
      await acceptorA.api('PATCH', `/food/programs/${A.uuid}/orders/${subA.uuid}/status`, { status: 7 }),
      200,
      'delivered',
    )
    // The delivery event, a duplicate of it and the sweeper all ask at once.
    await Promise.all([
      subOrderDelivered(t.services, ctx, subA.uuid),
      releasePart(t.services, ctx, part.id),
      subOrderDelivered(t.services, ctx, subA.uuid),
    ])
    await until(async () => {
      const p = await t.services.db
        .selectFrom('food_court_parts')
        .select('status')
        .where('id', '=', part.id)
        .executeTakeFirstOrThrow()
      return p.status === 'paid_out'
    }, 'part paid out')
    const payouts = (await payoutFacts(t.services.db, payment)).filter(
      (p) => p.merchant_account_id === part.merchant_account_id,
    )
    expect(payouts).toHaveLength(1)
    expect(payouts[0]!.amount).toBe(BigInt(subA.payout_amount))
    const sub = await until(async () => {
      const o = await t.services.db
        .selectFrom('food_orders')
        .select(['status', 'payout_amount'])
        .where('id', '=', subA.uuid)
        .executeTakeFirstOrThrow()
      return o.status === 8 && o
    }, 'sub-order paid out')
    expect(Number(sub.payout_amount)).toBe(subA.payout_amount)
    // The payout settled A's claim once: 110 and 230 `<court>/<A>` are zero, A's money is on its
    // connected account (120 `<court>/<A>`).
    const settled = await until(async () => {
      const r = await saleLines('food_court_part.paid_out')
      return r.rows.length > 0 && r
    }, 'claim settled')
    expect(new Set(settled.rows.map((r) => r.id)).size).toBe(1)
    const claim = `${court}/${A.uuid}`
    expect(await balanceOf(110, claim)).toBe(0n)
    expect(await balanceOf(230, claim)).toBe(0n)
    expect(await balanceOf(120, claim)).toBe(BigInt(subA.payout_amount))
  })

  /** debit − credit of an account's sub-account named `externalId`. */
  async function balanceOf(account: number, externalId: string) {
    const row = await t.services.db
      .selectFrom('ledger_lines as l')
      .innerJoin('ledger_sub_accounts as s', 's.id', 'l.sub_account_id')
      .select(sql<string>`coalesce(sum(l.debit - l.credit), 0)`.as('balance'))
      .where('l.account', '=', account)
      .where('s.external_id', '=', externalId)
      .executeTakeFirstOrThrow()
    return BigInt(row.balance)
  }

  it('B rejects its part: only that part is refunded; the statement reconciles with the ledger', async () => {
    const subB = order.food_court_suborders.find((s) => s.restaurant_uuid === B.uuid)!
    type Part = { result: { part_status: string; can_reject: boolean; court_title: string; total: number } }
    const partPath = `/food/programs/${B.uuid}/court-orders/${subB.uuid}`
    const before = expectStatus(await ownerB.api<Part>('GET', partPath), 200, 'B’s part').result
    expect(before).toMatchObject({ part_status: 'held', can_reject: true, total: subB.total })
    expect(before.court_title).not.toBe('')
    // Another restaurant's owner does not see it; A's part delivered and paid out is no longer rejectable.
    expect((await ownerA.api('GET', `/food/programs/${A.uuid}/court-orders/${subB.uuid}`)).status).toBe(404)
    const subA0 = order.food_court_suborders.find((s) => s.restaurant_uuid === A.uuid)!
    expect(
      expectStatus(
        await acceptorA.api<Part>('GET', `/food/programs/${A.uuid}/court-orders/${subA0.uuid}`),
        200,
        'A’s part',
      ).result.can_reject,
    ).toBe(false)
    // A first rejection's process died right after its claim (held → refunding); its retry and the
    // sweeper finish it at the same moment: the guest gets the part back once (found by the fault
    // run: a refund recorded, the process killed before naming it on the part, and a second one).
    const rejectedPart = await t.services.db
      .selectFrom('food_court_parts')
      .select(['id', 'gross'])
      .where('food_order_id', '=', subB.uuid)
      .executeTakeFirstOrThrow()
    await t.services.db
      .updateTable('food_court_parts')
      .set({ status: 'refunding' })
      .where('id', '=', rejectedPart.id)
      .execute()
    await Promise.all([
      finishRejection(t.services, ctx, rejectedPart.id),
      finishRejection(t.services, ctx, rejectedPart.id),
    ])
    const refunds = await t.services.db
      .selectFrom('payment_refunds as r')
      .innerJoin('food_court_orders as o', 'o.payment_id', 'r.payment_id')
      .select(['r.amount'])
      .where('o.id', '=', order.uuid)
      .execute()
    expect(refunds.map((r) => Number(r.amount))).toEqual([Number(rejectedPart.gross)])
    const rejected = expectStatus(
      await ownerB.api<{ result: { part_status: string } }>(
        'POST',
        `/food/programs/${B.uuid}/court-orders/${subB.uuid}/reject`,
      ),
      200,
      'reject',
    ).result
    expect(rejected.part_status).toBe('refunded')
    expect(expectStatus(await ownerB.api<Part>('GET', partPath), 200, 'B’s part').result).toMatchObject({
      part_status: 'refunded',
      can_reject: false,
    })
    const again = await ownerB.api<{ result: { part_status: string } }>(
      'POST',
      `/food/programs/${B.uuid}/court-orders/${subB.uuid}/reject`,
    )
    expect(again.status).toBe(200)
    // B's kitchen board: the rejected sub-order left the active view; its books show it rejected;
    // the kitchen cannot move it on, and its board stream told open boards.
    type Board = { results: { uuid: string; order_status: number; rejected_at: string | null }[] }
    const active = expectStatus(
      await ownerB.api<Board>('GET', `/food/programs/${B.uuid}/orders?active_view=true`),
      200,
      'B’s board',
    ).results
    expect(active.map((o) => o.uuid)).not.toContain(subB.uuid)
    const books = expectStatus(
      await ownerB.api<Board>('GET', `/food/programs/${B.uuid}/orders`),
      200,
      'B’s books',
    ).results
    expect(books.find((o) => o.uuid === subB.uuid)?.rejected_at).not.toBeNull()
    const moved = await ownerB.api<Err>('PATCH', `/food/programs/${B.uuid}/orders/${subB.uuid}/status`, {
      status: 5,
    })
    expect(moved.status).toBe(409)
    const boardEvents = await t.services.db
      .selectFrom('food_board_events')
      .select('kind')
      .where('order_id', '=', subB.uuid)
      .execute()
    expect(boardEvents.filter((e) => e.kind === 'order.rejected')).toHaveLength(1)
    // B's day counts no sale of the rejected sub-order.
    const bTotals = expectStatus(
      await ownerB.api<{ results: { orders_count: number }[] }>(
        'GET',
        `/food/programs/${B.uuid}/daily-totals`,
      ),
      200,
      'B’s daily totals',
    ).results
    expect(bTotals.reduce((n, d) => n + d.orders_count, 0)).toBe(0)
    // The guest's order: B's part reads refunded, A's goes on.
    const guestView = expectStatus(
      await guest<{
        result: { food_court_suborders: { uuid: string; part_status: string; rejected: boolean }[] }
      }>('GET', `/food/court/orders/${order.uuid}?session_id=${session}`),
      200,
      'guest order',
    ).result.food_court_suborders
    expect(guestView.find((p) => p.uuid === subB.uuid)).toMatchObject({
      part_status: 'refunded',
      rejected: true,
    })
    expect(guestView.find((p) => p.uuid !== subB.uuid)).toMatchObject({ rejected: false })
    const payment = (
      await t.services.db
        .selectFrom('food_court_orders')
        .select('payment_id')
        .where('id', '=', order.uuid)
        .executeTakeFirstOrThrow()
    ).payment_id!
    const pay = await t.services.db
      .selectFrom('payments')
      .select(['amount', 'refunded_amount'])
      .where('id', '=', payment)
      .executeTakeFirstOrThrow()
    expect(Number(pay.refunded_amount)).toBe(subB.total)
    // The court's order now follows A alone: paid out.
    const view = expectStatus(
      await courtOwner.api<{ result: { order_status: number; food_court_fee: number; refunded: number } }>(
        'GET',
        `/food/courts/${court}/orders/${order.uuid}`,
      ),
      200,
      'court order',
    ).result
    expect(view.order_status).toBe(8)
    const subA = order.food_court_suborders.find((s) => s.restaurant_uuid === A.uuid)!
    // Σ payouts + court fee kept + refunds = charge, to the cent.
    expect(subA.payout_amount + view.food_court_fee + view.refunded).toBe(order.total)
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const range = `start_date=${day(-2)}&end_date=${day(2)}`
    const settled = await until(async () => {
      const st = expectStatus(
        await ownerA.api<{
          result: { totals: Record<string, number>; ledger: { reconciled: boolean; difference: number } }
        }>('GET', `/food/programs/${A.uuid}/settlement?${range}`),
        200,
        'statement',
      ).result
      return st.ledger.reconciled && st
    }, 'statement reconciled')
    expect(settled.totals).toMatchObject({
      orders: subA.total,
      food_court_fees: subA.food_court_fee,
      payouts: subA.payout_amount,
      held: 0,
    })
    const stB = await until(async () => {
      const st = expectStatus(
        await courtOwner.api<{ result: { totals: Record<string, number>; ledger: { reconciled: boolean } } }>(
          'GET',
          `/food/courts/${court}/settlement?restaurant_uuid=${B.uuid}&${range}`,
        ),
        200,
        'statement B',
      ).result
      return st.ledger.reconciled && st
    }, 'statement B reconciled')
    expect(stB.totals).toMatchObject({ refunds: subB.total, payouts: 0, held: 0 })
    // Every ledger entry of this money is balanced.
    const unbalanced = await t.services.db
      .selectFrom('ledger_lines')
      .select(['entry_id', 'currency'])
      .groupBy(['entry_id', 'currency'])
      .having((eb) => eb(eb.fn.sum('debit'), '!=', eb.fn.sum('credit')))
      .execute()
    expect(unbalanced).toEqual([])
    // B's sale is reversed (a credit note), once, even when the rejection is finished again; A's stands.
    await finishRejection(
      t.services,
      ctx,
      (await saleLines('food_court_part.paid')).parts.find((p) => p.food_order_id === subB.uuid)!.id,
    )
    const reversed = await until(async () => {
      const r = await saleLines('food_court_part.sale_reversed')
      return r.rows.length > 0 && r
    }, 'sale reversed')
    const partB = reversed.parts.find((p) => p.food_order_id === subB.uuid)!
    expect(new Set(reversed.rows.map((r) => r.id)).size).toBe(1)
    expect(reversed.rows.every((r) => r.source_id === partB.id)).toBe(true)
    const sold = (await saleLines('food_court_part.paid')).rows.filter((r) => r.source_id === partB.id)
    const net = (rows: typeof sold, account: number) =>
      rows.filter((l) => l.account === account).reduce((s, l) => s + BigInt(l.credit) - BigInt(l.debit), 0n)
    for (const account of [110, 210, 230, 410, 610])
      expect(net(sold, account) + net(reversed.rows, account)).toBe(0n)
    // Nothing of B's part is left open: its claim, what was held for it, its connected account.
    const claimB = `${court}/${B.uuid}`
    await until(async () => (await balanceOf(230, claimB)) === 0n, 'B’s held part back to the court')
    for (const account of [110, 120]) expect(await balanceOf(account, claimB)).toBe(0n)
    // Owner views: daily totals with the court fee, the CSV with the sub-orders.
    const totals = expectStatus(
      await courtOwner.api<{ results: { food_court_fee: number; payouts: number }[] }>(
        'GET',
        `/food/courts/${court}/daily-totals`,
      ),
      200,
      'daily totals',
    ).results
    expect(totals[0]).toMatchObject({ food_court_fee: view.food_court_fee, payouts: subA.payout_amount })
    const csv = await courtOwner.api<string>('GET', `/food/courts/${court}/orders.csv?${range}`)
    expect(csv.status).toBe(200)
    expect(String(csv.body).trim().split('\n')).toHaveLength(3)
  })

  it('a restaurant not onboarded is never paid; withdrawn invitation is notFount', async () => {
    const pending = await t.services.db
      .selectFrom('food_court_parts')
      .select('id')
      .where('restaurant_id', '=', C.uuid)
      .execute()
    expect(pending).toEqual([])
    expectStatus(
      await courtOwner.api('DELETE', '/food/invite', {
        program_uuid: court,
        restaurant_uuid: C.uuid,
        list: 'pending',
      }),
      200,
      'withdraw',
    )
    const answer = await ownerC.api<Err>('POST', `/food/invite/${C.uuid}`, { program_uuid: court, status: 2 })
    expect(answer.status).toBe(404)
    expect(answer.body.error.reason).toBe('notFount')
  })

  it('status 8 of a single restaurant order: settled once after delivery by the payouts sweep', async () => {
    const placed = await placeFoodOrder(guest, A)
    await payWithSandboxCard(guest, placed.payment)
    await until(async () => {
      const o = await t.services.db
        .selectFrom('food_orders')
        .select('status')
        .where('id', '=', placed.order)
        .executeTakeFirstOrThrow()
      return o.status === 3
    }, 'single order paid')
    expectStatus(
      await acceptorA.api('PATCH', `/food/programs/${A.uuid}/orders/${placed.order}/status`, { status: 7 }),
      200,
      'delivered',
    )
    // The sweep finds it once delivered; an order paid in cash at the counter it leaves alone.
    const cash = expectStatus(
      await acceptorA.api<{ result: { uuid: string } }>(
        'POST',
        `/food/programs/${A.uuid}/counter-orders`,
        { lines: [{ product_id: A.product, quantity: 1 }], payment: 'cash' },
        { 'idempotency-key': `cash-${randomUUID()}` },
      ),
      201,
      'cash counter order',
    ).result.uuid
    expectStatus(
      await acceptorA.api('PATCH', `/food/programs/${A.uuid}/orders/${cash}/status`, { status: 7 }),
      200,
      'cash order delivered',
    )
    const due = await deliveredOrdersBefore(t.services.db, new Date(Date.now() + 60_000), 10_000)
    expect(due).toContain(placed.order)
    expect(due).not.toContain(cash)
    await Promise.all([
      settleSingleOrder(t.services, placed.order),
      settleSingleOrder(t.services, placed.order),
    ])
    const o = await t.services.db
      .selectFrom('food_orders')
      .select(['status', 'payout_amount', 'paid_out_at', 'total'])
      .where('id', '=', placed.order)
      .executeTakeFirstOrThrow()
    expect(o.status).toBe(8)
    expect(o.payout_amount).toBe(o.total)
    expect(o.paid_out_at).not.toBeNull()
    const history = await t.services.db
      .selectFrom('food_order_history')
      .select('to_status')
      .where('order_id', '=', placed.order)
      .execute()
    expect(history.filter((h) => h.to_status === 8)).toHaveLength(1)
  })
})
