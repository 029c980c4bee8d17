import type { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import type { Services } from '../../platform/module.ts'
import { foodProgramOf } from '../access.ts'
import { localClock, zonedInstant } from '../hours.ts'
import { restaurantChanged } from '../queries/guest.ts'
import { minutesOf } from '../shared.ts'
import { listItemJson, type OrderListItem } from './books.ts'
import { type KitchenChoice, kitchenChoices, type OrderStatus } from './codes.ts'
import { moveOrder, nudgeBoards } from './life.ts'

/**
 * The kitchen board (issue 15 item 5): every change a kitchen must see (an order paid, its status
 * moved) is a row of `food_board_events`, numbered per restaurant without gaps in commit order
 * (life.ts). A board's stream sends the rows after the number it last saw (`Last-Event-ID`, or
 * `last_event_id` for the first connection), so a board that drops and reconnects gets exactly what
 * it missed: nothing twice, nothing lost. The database is the truth; Redis only wakes the streams
 * early (a lost nudge costs at most the one-second poll).
 */
export interface BoardEvent {
  seq: number
  kind: string
  status: number
  order: OrderListItem
}

export async function boardEventsAfter(
  db: DbOrTrx,
  programId: string,
  after: number,
  limit = 200,
): Promise<BoardEvent[]> {
  const rows = await db
    .selectFrom('food_board_events as b')
    .innerJoin('food_orders as o', 'o.id', 'b.order_id')
    .select([
      'b.seq',
      'b.kind',
      sql<number>`b.status`.as('event_status'),
      'o.id',
      'o.order_id',
      'o.status',
      'o.created_at',
      sql<string>`o.order_date::text`.as('order_date'),
      'o.pickup_in_restaurant',
      'o.source',
      'o.eat_in',
      'o.delivery_asap',
      'o.requested_time',
      'o.name',
      'o.phone',
      'o.email',
      'o.zip_code',
      'o.house_number',
      'o.apartment',
      'o.comments',
      'o.currency',
      'o.products_total',
      'o.delivery_cost',
      'o.pickup_fee',
      'o.total',
      'o.vat',
      'o.payout_amount',
      'o.rejected_at',
      sql<OrderListItem['items']>`coalesce((select json_agg(json_build_object('title', i.title,
        'quantity', i.quantity, 'variant', i.variant->>'title',
        'extras', coalesce((select json_agg(e->>'title') from jsonb_array_elements(i.extras) e), '[]'))
        order by i.position) from food_order_items i where i.order_id = o.id and i.kind = 'product'), '[]')`.as(
        'items',
      ),
    ])
    .where('b.program_id', '=', programId)
    .where('b.seq', '>', BigInt(after))
    .orderBy('b.seq')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    seq: Number(r.seq),
    kind: r.kind,
    status: r.event_status,
    order: listItemJson(r as unknown as Parameters<typeof listItemJson>[0]),
  }))
}

export async function lastBoardSeq(db: DbOrTrx, programId: string): Promise<number> {
  const row = await db
    .selectFrom('food_restaurants')
    .select('board_seq')
    .where('program_id', '=', programId)
    .executeTakeFirst()
  return Number(row?.board_seq ?? 0)
}

// ── Wake-ups across API processes ────────────────────────────────────────────────────────────────

type Listener = (programId: string) => void
interface Subscription {
  connection: Redis
  listeners: Set<Listener>
  ready: Promise<unknown>
}
const subscriptions = new WeakMap<Services, Subscription>()

/** Hears of board changes until the answered function is called (one connection per process). */
export async function listenForBoards(services: Services, listener: Listener): Promise<() => void> {
  let sub = subscriptions.get(services)
  if (!sub) {
    const connection = services.redis.duplicate({ lazyConnect: false })
    connection.on('error', () => {})
    const listeners = new Set<Listener>()
    connection.on('message', (_channel: string, message: string) => {
      for (const l of listeners) l(message)
    })
    const created: Subscription = {
      connection,
      listeners,
      ready: connection.subscribe(`${services.config.REDIS_PREFIX}:food:board`),
    }
    subscriptions.set(services, created)
    sub = created
  }
  const current = sub
  current.listeners.add(listener)
  await current.ready.catch(() => {})
  return () => {
    current.listeners.delete(listener)
    if (current.listeners.size === 0 && subscriptions.get(services) === current) {
      subscriptions.delete(services)
      current.connection.disconnect()
    }
  }
}

// ── Staff commands ───────────────────────────────────────────────────────────────────────────────

/** A status as staff send it: the number, or the kitchen's word (pending, kitchen, delivering, delivered). */
export function statusOfInput(input: number | string): OrderStatus {
  if (typeof input === 'number') return input as OrderStatus
  if (/^\d$/.test(input)) return Number(input) as OrderStatus
  const mapped = kitchenChoices[input as KitchenChoice]
  if (!mapped) throw new AppError('validation_failed', 'unknown status', { reason: undefined })
  return mapped as OrderStatus
}

/**
 * Staff move an order (`PATCH programs/{uuid}/orders/{orderUuid}/status`): only forward along the
 * transition table (codes.ts), else 409 `order_transition_not_allowed`; the history records who.
 */
export async function changeOrderStatus(
  services: Pick<Services, 'db' | 'redis' | 'config' | 'log'>,
  ctx: RequestContext,
  me: Caller,
  programUuid: string,
  orderId: string,
  to: OrderStatus,
) {
  const program = await foodProgramOf(services.db, me, programUuid, { who: 'staff' })
  const order = await services.db
    .selectFrom('food_orders')
    .select(['id', 'program_id'])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order || order.program_id !== program.uuid) throw notFound('order')
  const moved = await services.db.transaction().execute((trx) => moveOrder(trx, orderId, to, 'staff', ctx))
  nudgeBoards(services, program.uuid)
  return moved
}

/**
 * Pauses new orders until a chosen minute of the restaurant's clock (`until: 'HH:MM'`, the next
 * time it shows that minute), or for `minutes`; `until: null` reopens now. Checkout refuses with
 * `ordering_paused` meanwhile and reopens by itself when the time comes.
 */
export async function pauseOrdering(
  db: DbOrTrx,
  me: Caller,
  programUuid: string,
  input: { until?: string | null | undefined; minutes?: number | undefined },
  now = new Date(),
): Promise<Date | null> {
  const program = await foodProgramOf(db, me, programUuid, { who: 'staff' })
  const restaurant = await db
    .selectFrom('food_restaurants')
    .select('time_zone')
    .where('program_id', '=', program.uuid)
    .executeTakeFirstOrThrow()
  let until: Date | null = null
  if (input.minutes !== undefined) until = new Date(now.getTime() + input.minutes * 60_000)
  else if (input.until) {
    const clock = localClock(now, restaurant.time_zone)
    const minute = minutesOf(input.until)
    until = zonedInstant(clock.date, minute, restaurant.time_zone)
    if (until.getTime() <= now.getTime()) {
      const tomorrow = new Date(Date.parse(`${clock.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      until = zonedInstant(tomorrow, minute, restaurant.time_zone)
    }
  }
  await db
    .updateTable('food_restaurants')
    .set({ paused_until: until })
    .where('program_id', '=', program.uuid)
    .execute()
  // Guests' restaurant page says the pause (`paused_until`): this process's copy is read again now.
  restaurantChanged(program.uuid)
  return until
}
