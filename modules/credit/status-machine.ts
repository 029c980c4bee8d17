import type { ErrorReason } from '../platform/errors.ts'
import type { BillStatus } from './codes.ts'

/**
 * The bill status machine (spec section 4: unpaid, overdue, paid, archived; docs/credit.md):
 *
 * | from                  | to        | by                                                          |
 * | --------------------- | --------- | ----------------------------------------------------------- |
 * | (new)                 | unpaid    | `issue`: the owner issues a bill                            |
 * | unpaid                | overdue   | `due_passed`: the due date ended in the bill's zone (job)   |
 * | overdue               | unpaid    | `due_moved`: the owner moves the due date to today or later |
 * | unpaid, overdue       | paid      | `paid`: payments cover the open amount                      |
 * | unpaid, overdue, paid | archived  | `archive`: the owner archives (or cancels) it; final        |
 * | paid                  | unpaid    | `refunded`: a payment refunded, its due date not yet past   |
 * | paid                  | overdue   | `refunded`: the same, its due date past                     |
 *
 * An archived bill stays archived whatever its money does: a refund of its payment is written off
 * with it, a payment landing late takes back its write-off (`commands/payments.ts`), so the money
 * moves but no action of this machine applies to it.
 *
 * Anything else is refused with a reason from the module's list. A partial payment keeps the state.
 */
export type BillAction = 'due_passed' | 'due_moved' | 'paid' | 'archive' | 'refunded'

export type BillTransition =
  | { ok: true; status: BillStatus; changed: boolean }
  | { ok: false; reason: ErrorReason; message: string }

export function billTransition(
  from: BillStatus,
  action: BillAction,
  facts: { dueDatePassed?: boolean } = {},
): BillTransition {
  const to = (status: BillStatus) => ({ ok: true, status, changed: status !== from }) as const
  if (from === 'archived') {
    return { ok: false, reason: 'bill_archived', message: 'the bill is archived: it cannot change any more' }
  }
  switch (action) {
    case 'due_passed':
      return from === 'unpaid' ? to('overdue') : to(from)
    case 'due_moved':
      if (from === 'paid') {
        return { ok: false, reason: 'bill_paid', message: 'the bill is paid: its due date cannot move' }
      }
      return to(facts.dueDatePassed ? 'overdue' : 'unpaid')
    case 'paid':
      return to('paid')
    case 'archive':
      return to('archived')
    case 'refunded':
      // Open again: a paid bill goes back; an unpaid or overdue one (a part refunded) stays.
      return from === 'paid' ? to(facts.dueDatePassed ? 'overdue' : 'unpaid') : to(from)
  }
}
