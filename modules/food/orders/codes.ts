/**
 * A food order's life (spec section 4): numeric statuses, the transitions allowed between them,
 * and the kitchen's own words for them. Pure: the web and the tests use it as the API does.
 *
 *   1 created ─▶ 2 awaiting_payment ─▶ 3 paid ─▶ 5 cooking ─▶ 6 out_for_delivery ─▶ 7 delivered ─▶ 8 paid_out
 *                        │   ▲           ▲           (readyForPickup)        (pickedUp)
 *                        ▼   │           │
 *                   4 payment_failed ────┘  (a late capture is honoured: the money was taken)
 *
 * Staff move a paid order forward only (3 → 5 → 6 → 7, skipping steps allowed: drinks need no
 * cooking); paid comes from the payment alone, paid_out from the payout alone. Anything else: 409.
 */
export const orderStatuses = {
  created: 1,
  awaiting_payment: 2,
  paid: 3,
  payment_failed: 4,
  cooking: 5,
  out_for_delivery: 6,
  delivered: 7,
  paid_out: 8,
} as const

export type OrderStatus = (typeof orderStatuses)[keyof typeof orderStatuses]
export type OrderStatusName = keyof typeof orderStatuses

export const orderStatusNames = Object.fromEntries(
  Object.entries(orderStatuses).map(([name, n]) => [n, name]),
) as Record<OrderStatus, OrderStatusName>

/** Who may make a move: the payment (its events), the restaurant's staff, or the payout. */
export type Mover = 'payment' | 'staff' | 'payout'

/** The allowed transitions: from → to → who may make it. */
export const transitions: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, Mover>>>> = {
  1: { 2: 'payment', 4: 'payment' },
  2: { 3: 'payment', 4: 'payment' },
  3: { 5: 'staff', 6: 'staff', 7: 'staff' },
  4: { 2: 'payment', 3: 'payment' },
  5: { 6: 'staff', 7: 'staff' },
  6: { 7: 'staff' },
  7: { 8: 'payout' },
  8: {},
}

export const isOrderStatus = (n: number): n is OrderStatus => Number.isInteger(n) && n >= 1 && n <= 8

/** Whether `by` may move an order from `from` to `to`. */
export function canMove(from: OrderStatus, to: OrderStatus, by: Mover): boolean {
  return transitions[from][to] === by
}

/** The kitchen's status choice (spec: pending, kitchen, delivering, delivered) and its status. */
export const kitchenChoices = { pending: 3, kitchen: 5, delivering: 6, delivered: 7 } as const
export type KitchenChoice = keyof typeof kitchenChoices

/** The kitchen's word for a status (null before payment and after the payout). */
export function kitchenChoiceOf(status: OrderStatus): KitchenChoice | null {
  const found = (Object.entries(kitchenChoices) as [KitchenChoice, number][]).find(([, s]) => s === status)
  return found ? found[0] : null
}

/**
 * The name a person reads for a status: pickup orders are `readyForPickup` and `pickedUp` where a
 * delivery is `out_for_delivery` and `delivered` (spec section 4).
 */
export function statusName(status: OrderStatus, pickup: boolean): string {
  if (pickup && status === 6) return 'readyForPickup'
  if (pickup && status === 7) return 'pickedUp'
  return orderStatusNames[status]
}

/** Statuses of an order the kitchen still has to do something about (the active view). */
export const activeStatuses: readonly OrderStatus[] = [3, 5, 6]

/** Statuses that count as open against the restaurant's `order_limit`. */
export const openStatuses: readonly OrderStatus[] = [3, 5, 6]

/** Statuses whose money was received (daily totals, CSV, revenue). */
export const paidStatuses: readonly OrderStatus[] = [3, 5, 6, 7, 8]
