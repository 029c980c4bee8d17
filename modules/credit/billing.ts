import { accounts, type LedgerEntryRequest } from '../ledger/index.ts'
import { type VatCode, vatRateOn } from '../payments/index.ts'
import { divideHalfAwayFromZero } from './planning.ts'

/**
 * A bill's money (docs/credit.md, "The bill"): items are priced net (an invoice's unit tariff,
 * excluding VAT) in minor units; the VAT of the bill is computed per rate on the sum of the net
 * amounts of that rate, rounded half away from zero to the minor unit (one rounding per rate, as an
 * invoice shows it), with the rate in force on the issue date (`payment/helpers/vat`). Penalties are
 * lines without VAT. All amounts are bigint; nothing is ever a float.
 */
export interface BillItemInput {
  description: string
  quantity: number
  unit_price: bigint
  vat: VatCode
}

export interface PricedItem extends BillItemInput {
  /** Basis points, null when exempt. */
  vat_rate_bp: number | null
  net: bigint
}

export interface VatPerRate {
  code: VatCode
  rate_bp: number | null
  net: bigint
  vat: bigint
}

export interface BillTotals {
  items: PricedItem[]
  vat_per_rate: VatPerRate[]
  subtotal: bigint
  vat: bigint
  total: bigint
}

/** Prices a bill's items on its issue date; a code without a rate on that date is a RangeError. */
export function priceItems(items: readonly BillItemInput[], issueDate: string): BillTotals {
  const priced = items.map((item) => {
    const rate = vatRateOn(item.vat, issueDate)
    if (!rate) throw new RangeError(`no ${item.vat} VAT rate on ${issueDate}`)
    const rate_bp = rate.percentage === null ? null : Math.round(rate.percentage * 100)
    return { ...item, vat_rate_bp: rate_bp, net: BigInt(item.quantity) * item.unit_price }
  })
  const perRate = new Map<string, VatPerRate>()
  for (const p of priced) {
    const key = `${p.vat}:${p.vat_rate_bp}`
    const row = perRate.get(key) ?? { code: p.vat, rate_bp: p.vat_rate_bp, net: 0n, vat: 0n }
    row.net += p.net
    perRate.set(key, row)
  }
  const vat_per_rate = [...perRate.values()].map((r) => ({
    ...r,
    vat: r.rate_bp === null ? 0n : divideHalfAwayFromZero(r.net * BigInt(r.rate_bp), 10_000n),
  }))
  const subtotal = priced.reduce((s, p) => s + p.net, 0n)
  const vat = vat_per_rate.reduce((s, r) => s + r.vat, 0n)
  return { items: priced, vat_per_rate, subtotal, vat, total: subtotal + vat }
}

/** What is still to pay of a bill: its items with VAT, plus posted penalties, less what was paid. */
export const openAmount = (bill: { total: bigint; penalties: bigint; paid_amount: bigint }) =>
  bill.total + bill.penalties - bill.paid_amount

/** The part of the bill itself still open (penalties left out): what a percentage penalty is of. */
export const openOfBill = (bill: { total: bigint; paid_amount: bigint }) =>
  bill.total > bill.paid_amount ? bill.total - bill.paid_amount : 0n

interface BillFacts {
  id: string
  number: bigint | number
  /** The credit program's code: with the number, the bill's number as its holder reads it. */
  code: string | null | undefined
  program_id: string
  holder_user_id: string
  currency: string
}

/**
 * A bill's number as its holder reads it, "WZMGGR-12": the program's code and the bill's sequence.
 * The payment of a bill and every ledger entry of it say it alike.
 */
export const billDisplayNumber = (code: string | null | undefined, number: bigint | number) =>
  code ? `${code}-${number}` : String(number)

const customer = (bill: BillFacts) => ({ kind: 'customer' as const, external_id: bill.holder_user_id })
const program = (bill: BillFacts) => ({ kind: 'program' as const, external_id: bill.program_id })

/**
 * Issuing (journal sales, source `credit_bill.issued`/bill): receivable 110 (the holder) for the
 * total, income 410 (the program) for the net, VAT on sales 210 (the program) for the VAT; a zero
 * VAT line is left out.
 */
export function issuedEntry(
  bill: BillFacts & { subtotal: bigint; vat: bigint },
  date: string,
): LedgerEntryRequest {
  return {
    journal: 'sales',
    date,
    description: `Bill ${billDisplayNumber(bill.code, bill.number)} issued`,
    description_code: 'credit_bill.issued',
    description_params: { number: billDisplayNumber(bill.code, bill.number) },
    source: { kind: 'credit_bill.issued', id: bill.id },
    lines: [
      {
        account: accounts.receivables,
        sub_account: customer(bill),
        currency: bill.currency,
        debit: Number(bill.subtotal + bill.vat),
      },
      {
        account: accounts.income,
        sub_account: program(bill),
        currency: bill.currency,
        credit: Number(bill.subtotal),
      },
      ...(bill.vat > 0n
        ? [
            {
              account: accounts.vat_on_sales,
              sub_account: program(bill),
              currency: bill.currency,
              credit: Number(bill.vat),
            },
          ]
        : []),
    ],
  }
}

/**
 * A penalty its reminder added (journal miscellaneous, source `credit_bill.penalty`/reminder, one
 * per bill and step): receivable 110 against income 410, no VAT (a penalty is no supply).
 */
export function penaltyEntry(
  bill: BillFacts,
  reminderId: string,
  amount: bigint,
  date: string,
): LedgerEntryRequest {
  return {
    journal: 'miscellaneous',
    date,
    description: `Bill ${billDisplayNumber(bill.code, bill.number)}: penalty`,
    description_code: 'credit_bill.penalty',
    description_params: { number: billDisplayNumber(bill.code, bill.number) },
    source: { kind: 'credit_bill.penalty', id: reminderId },
    lines: [
      {
        account: accounts.receivables,
        sub_account: customer(bill),
        currency: bill.currency,
        debit: Number(amount),
      },
      {
        account: accounts.income,
        sub_account: program(bill),
        currency: bill.currency,
        credit: Number(amount),
      },
    ],
  }
}

/**
 * A payment of the bill (journal bank, source `credit_bill.paid`/payment). The payments module
 * already posted the capture (debit 120 payment provider, credit 230 the program's), so this entry
 * moves that money from what is owed to the program (230) onto the holder's receivable (110):
 * together the two entries are the design's 120 / 110, without counting the money in 120 twice.
 */
export function paidEntry(
  bill: BillFacts,
  paymentId: string,
  amount: bigint,
  date: string,
): LedgerEntryRequest {
  return {
    journal: 'bank',
    date,
    description: `Bill ${billDisplayNumber(bill.code, bill.number)} paid`,
    description_code: 'credit_bill.paid',
    description_params: { number: billDisplayNumber(bill.code, bill.number) },
    source: { kind: 'credit_bill.paid', id: paymentId },
    lines: [
      {
        account: accounts.acceptor,
        sub_account: program(bill),
        currency: bill.currency,
        debit: Number(amount),
      },
      {
        account: accounts.receivables,
        sub_account: customer(bill),
        currency: bill.currency,
        credit: Number(amount),
      },
    ],
  }
}

/**
 * A refund of a bill's payment: the reverse of its `paidEntry`. Payments posts the refund itself
 * (230 the program's / 120 provider), so the bill moves the amount back from 230 onto the holder's
 * receivable: together 110 / 120, the holder owes it again.
 */
export function refundEntry(
  bill: BillFacts,
  refundId: string,
  amount: bigint,
  date: string,
): LedgerEntryRequest {
  return {
    journal: 'bank',
    date,
    description: `Bill ${billDisplayNumber(bill.code, bill.number)} payment refunded`,
    description_code: 'credit_bill.refunded',
    description_params: { number: billDisplayNumber(bill.code, bill.number) },
    source: { kind: 'credit_bill.refunded', id: refundId },
    lines: [
      {
        account: accounts.receivables,
        sub_account: customer(bill),
        currency: bill.currency,
        debit: Number(amount),
      },
      {
        account: accounts.acceptor,
        sub_account: program(bill),
        currency: bill.currency,
        credit: Number(amount),
      },
    ],
  }
}

/**
 * What archiving a bill with money still open writes off (docs/credit.md, "Archiving an open
 * bill"): the open amount, split into the open part of the invoice (payments pay the invoice
 * first, as `openOfBill` says) and the open penalties, and the VAT share of the open invoice part
 * (the bill's VAT × open part ÷ total, rounded half away from zero), which is given back.
 */
export function writeOffOf(bill: { total: bigint; vat: bigint; penalties: bigint; paid_amount: bigint }): {
  open: bigint
  vat: bigint
  income: bigint
} {
  const open = openAmount(bill)
  if (open <= 0n) return { open: 0n, vat: 0n, income: 0n }
  const invoicePart = openOfBill(bill)
  const vat = bill.total > 0n ? divideHalfAwayFromZero(bill.vat * invoicePart, bill.total) : 0n
  return { open, vat, income: open - vat }
}

/**
 * How much more an archived bill writes off when what was paid of it changes (docs/credit.md,
 * "Archiving an open bill"): a refund of one of its payments writes the refunded amount off too (a
 * positive change), a payment that lands after archiving takes back what it covers of the
 * write-off (a negative one). The difference of `writeOffOf` after and before the change, so an
 * archived bill's write-off always equals its open amount split as one write-off would split it:
 * its receivable stays at zero and the VAT given back never drifts by a cent over several refunds.
 */
export function writeOffChange(
  before: { total: bigint; vat: bigint; penalties: bigint; paid_amount: bigint },
  after: { total: bigint; vat: bigint; penalties: bigint; paid_amount: bigint },
): WriteOff {
  const [a, b] = [writeOffOf(after), writeOffOf(before)]
  return { open: a.open - b.open, vat: a.vat - b.vat, income: a.income - b.income }
}

export type WriteOff = ReturnType<typeof writeOffOf>

/** A line of `amount` on the side it belongs: debit when positive, credit the reverse. */
const side = (amount: bigint, debit: boolean) =>
  amount > 0n === debit
    ? { debit: Number(amount < 0n ? -amount : amount) }
    : { credit: Number(amount < 0n ? -amount : amount) }

/**
 * The write-off entries of a bill: archiving itself (source id the bill), a payment landing after it
 * (the payment) and a refund of one of its payments after it (the refund). Each is its source kind
 * and its description code at once.
 */
export type WriteOffKind =
  | 'credit_bill.written_off'
  | 'credit_bill.write_off_reversed'
  | 'credit_bill.refund_written_off'

const writeOffSentences: Record<WriteOffKind, (number: string) => string> = {
  'credit_bill.written_off': (n) => `Bill ${n} archived: open amount written off`,
  'credit_bill.write_off_reversed': (n) => `Bill ${n} archived: payment received, write-off reversed`,
  'credit_bill.refund_written_off': (n) => `Bill ${n} archived: refunded amount written off`,
}

/**
 * Archiving a bill with money open (journal miscellaneous, source `credit_bill.written_off`/bill,
 * once per bill: archiving is final): the open amount leaves the holder's receivable 110, its VAT
 * share back off VAT on sales 210 and the rest off income 410 (the program): the reverse of what
 * issuing and the penalties posted, for the part nobody will pay. Zero lines are left out.
 *
 * A later change of an archived bill (`writeOffChange`) is posted the same way under its own
 * source: `credit_bill.refund_written_off`/refund (more written off, the same sides) or
 * `credit_bill.write_off_reversed`/payment (less: every line on the other side).
 */
export function writeOffEntry(
  bill: BillFacts & { total: bigint; vat: bigint; penalties: bigint; paid_amount: bigint },
  date: string,
  change: { w: WriteOff; kind: WriteOffKind; id: string } = {
    w: writeOffOf(bill),
    kind: 'credit_bill.written_off',
    id: bill.id,
  },
): LedgerEntryRequest {
  const { w, kind } = change
  return {
    journal: 'miscellaneous',
    date,
    // The English sentence for search and old readers; every reader reads the code in their language.
    description: writeOffSentences[kind](billDisplayNumber(bill.code, bill.number)),
    description_code: kind,
    description_params: { number: billDisplayNumber(bill.code, bill.number) },
    source: { kind, id: change.id },
    lines: [
      ...(w.income !== 0n
        ? [
            {
              account: accounts.income,
              sub_account: program(bill),
              currency: bill.currency,
              ...side(w.income, true),
            },
          ]
        : []),
      ...(w.vat !== 0n
        ? [
            {
              account: accounts.vat_on_sales,
              sub_account: program(bill),
              currency: bill.currency,
              ...side(w.vat, true),
            },
          ]
        : []),
      {
        account: accounts.receivables,
        sub_account: customer(bill),
        currency: bill.currency,
        ...side(w.open, false),
      },
    ],
  }
}
