import { accounts, type LedgerEntryRequest } from '../ledger/index.ts'

/**
 * A court order's own ledger entries (docs/food-court.md "The ledger"), pure so the property test
 * posts them for thousands of random carts beside payments' capture, payout and refund. Together
 * they clear: after a paid-out part its 110 and 230 `<court>/<restaurant>` are zero, after a
 * rejected one every line of it is undone.
 */

/** The ledger sub-account (230) holding a restaurant's part of a court's payments. */
export const partSubAccount = (courtId: string, restaurantId: string) => ({
  kind: 'acceptor' as const,
  external_id: `${courtId}/${restaurantId}`,
})

/**
 * The sale of a restaurant's part (journal sales, source `food_court_part.paid`/part), as a single
 * food order's sale (food's `paidEntry`: income 410 net and VAT on sales 210, on the restaurant's
 * program sub-account), and the court fee as the court's revenue. A single order's money is the
 * restaurant's own on 230; a part's money is held for the restaurant on 230 `acceptor
 * <court>/<restaurant>` until its payout (payments posts the capture there and the payout from
 * there), so the restaurant's sale is set against its claim on the court: receivables 110 on that
 * same `<court>/<restaurant>` name for what it will be paid (gross − fee), cleared by the payout
 * (`partPaidOutEntry`), and the court fee it pays as a cost (610 others). The fee the capture put on
 * the court's 230 becomes the court's income (410, court program). Balanced: amount + fee + fee =
 * net + VAT + fee. `reversed` is the credit note of a rejected part (source
 * `food_court_part.sale_reversed`): the same lines, sides swapped.
 */
export function partSaleEntry(
  part: { id: string; court_id: string; restaurant_id: string; gross: bigint; fee: bigint; amount: bigint },
  sub: { order_id: number; vat: bigint; currency: string },
  date: string,
  reversed = false,
): LedgerEntryRequest {
  const restaurant = { kind: 'program' as const, external_id: part.restaurant_id }
  const court = { kind: 'program' as const, external_id: part.court_id }
  const claim = partSubAccount(part.court_id, part.restaurant_id)
  const line = entryLine(sub.currency, reversed)
  return {
    journal: 'sales',
    date,
    description: reversed
      ? `Food court sub-order ${sub.order_id} rejected: sale reversed`
      : `Food court sub-order ${sub.order_id} paid`,
    description_code: reversed ? 'food_court_part.sale_reversed' : 'food_court_part.paid',
    description_params: { number: Number(sub.order_id) },
    source: { kind: reversed ? 'food_court_part.sale_reversed' : 'food_court_part.paid', id: part.id },
    lines: [
      ...line(accounts.receivables, claim, part.amount, 'debit'),
      ...line(accounts.others, restaurant, part.fee, 'debit'),
      ...line(accounts.income, restaurant, part.gross - sub.vat, 'credit'),
      ...line(accounts.vat_on_sales, restaurant, sub.vat, 'credit'),
      ...line(accounts.acceptor, court, part.fee, 'debit'),
      ...line(accounts.income, court, part.fee, 'credit'),
    ],
  } as LedgerEntryRequest
}

/**
 * A part paid out (journal bank, source `food_court_part.paid_out`/part): payments posted the money
 * leaving the court's provider account (230 `<court>/<restaurant>` → 120); the restaurant's claim
 * (110) is settled by it, and the money is now on the restaurant's connected account at the
 * provider: 120 `acceptor <court>/<restaurant>`, as a single order's money stays on 120 for the
 * restaurant's own provider account to settle (this ledger does not follow either to the bank).
 */
export function partPaidOutEntry(
  part: { id: string; court_id: string; restaurant_id: string; amount: bigint },
  sub: { order_id: number; currency: string },
  date: string,
): LedgerEntryRequest {
  const claim = partSubAccount(part.court_id, part.restaurant_id)
  const line = entryLine(sub.currency)
  return {
    journal: 'bank',
    date,
    description: `Food court sub-order ${sub.order_id} paid out`,
    description_code: 'food_court_part.paid_out',
    description_params: { number: Number(sub.order_id) },
    source: { kind: 'food_court_part.paid_out', id: part.id },
    lines: [
      ...line(accounts.payment_provider, claim, part.amount, 'debit'),
      ...line(accounts.receivables, claim, part.amount, 'credit'),
    ],
  } as LedgerEntryRequest
}

/**
 * A rejected part's refund recorded (journal miscellaneous, source `food_court.part_refunded`/part):
 * payments refunds its whole gross from the court's 230; the part's amount held for the restaurant
 * on 230 `<court>/<restaurant>` goes back to the court's, so each sub-account says what it is owed.
 */
export function partRefundedEntry(
  part: { id: string; court_id: string; restaurant_id: string; amount: bigint },
  order: { order_id: number | bigint; currency: string },
  date: string,
): LedgerEntryRequest {
  const line = entryLine(order.currency)
  return {
    journal: 'miscellaneous',
    date,
    description: `Food court order ${order.order_id}: part refunded, back from the restaurant`,
    description_code: 'food_court.part_refunded',
    description_params: { number: Number(order.order_id) },
    source: { kind: 'food_court.part_refunded', id: part.id },
    lines: [
      ...line(accounts.acceptor, partSubAccount(part.court_id, part.restaurant_id), part.amount, 'debit'),
      ...line(accounts.acceptor, { kind: 'program', external_id: part.court_id }, part.amount, 'credit'),
    ],
  } as LedgerEntryRequest
}

/** A line maker for one currency: nothing for a zero amount; `reversed` swaps the sides. */
function entryLine(currency: string, reversed = false) {
  return (
    account: number,
    sub_account: { kind: 'program' | 'acceptor'; external_id: string },
    amount: bigint,
    normal: 'debit' | 'credit',
  ) => {
    if (amount <= 0n) return []
    const side = reversed ? (normal === 'debit' ? 'credit' : 'debit') : normal
    return [{ account, sub_account, currency, [side]: Number(amount) }]
  }
}
