import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import {
  type Described,
  type DescriptionWords,
  entryDescription,
  isSourceKind,
  paymentDescription,
  type SourceKind,
  sourceTarget,
} from '~/lib/descriptions.ts'
import { portalHasScreen } from '~/lib/navigation.ts'
import { orderNumber } from '~/lib/order-number.ts'
import { cn } from '~/lib/utils.ts'
import { journalNames } from './names.ts'

/**
 * The words of the descriptions the platform writes (`lib/descriptions.ts` reads the codes), and
 * the components that show them: a ledger entry's description and source, a payment's description.
 */
export function descriptionWords(i18n: I18n): DescriptionWords {
  return {
    cardOrder: (quantity, program) =>
      i18n._(msg`${plural(quantity, { one: '# card', other: '# cards' })} — ${program}`),
    creditBill: (number) => i18n._(msg`Bill ${number}`),
    foodOrder: (n) => {
      const number = orderNumber(n)
      return i18n._(msg`Order ${number}`)
    },
    foodCourtOrder: (court) => i18n._(msg`Order at ${court}`),
    paymentCaptured: (reference, description) => i18n._(msg`Payment ${reference}: ${description}`),
    paymentDuplicateCaptured: (reference, description) =>
      i18n._(msg`Duplicate charge, payment ${reference}: ${description}`),
    paymentFee: (reference) => i18n._(msg`Provider fee, payment ${reference}`),
    paymentRefunded: (reference) => i18n._(msg`Refund of payment ${reference}`),
    paymentDuplicateRefunded: (reference) => i18n._(msg`Duplicate charge refunded, payment ${reference}`),
    paymentPayout: (reference) => i18n._(msg`Payout of payment ${reference}`),
    cardOrderIssued: (number, quantity) =>
      i18n._(
        msg`Card order ${number}: ${plural(quantity, { one: '# card issued', other: '# cards issued' })}`,
      ),
    cardRedeemed: (number, amount) => i18n._(msg`Card redemption ${number}: ${amount} taken`),
    cardRedeemedWithForfeit: (number, amount, forfeited) =>
      i18n._(msg`Card redemption ${number}: ${amount} taken, ${forfeited} left on the card forfeited`),
    cardRedemptionReversed: (number, amount) =>
      i18n._(msg`Card redemption ${number} reversed: ${amount} back on the card`),
    entryReversal: (journal, number) => i18n._(msg`Reversal of ${journal} entry ${number}`),
    billIssued: (number) => i18n._(msg`Bill ${number} issued`),
    billPenalty: (number) => i18n._(msg`Bill ${number}: reminder penalty`),
    billPaid: (number) => i18n._(msg`Bill ${number} paid`),
    billRefunded: (number) => i18n._(msg`Bill ${number}: payment refunded`),
    billWrittenOff: (number) => i18n._(msg`Bill ${number} archived: open amount written off`),
    billWriteOffReversed: (number) =>
      i18n._(msg`Bill ${number} archived: payment received, write-off reversed`),
    billRefundWrittenOff: (number) => i18n._(msg`Bill ${number} archived: refunded amount written off`),
    foodOrderPaid: (n) => {
      const number = orderNumber(n)
      return i18n._(msg`Food order ${number} paid`)
    },
    courtPartPaid: (n) => {
      const number = orderNumber(n)
      return i18n._(msg`Food court sub-order ${number} paid`)
    },
    courtPartSaleReversed: (n) => {
      const number = orderNumber(n)
      return i18n._(msg`Food court sub-order ${number} rejected: sale reversed`)
    },
    courtPartPaidOut: (n) => {
      const number = orderNumber(n)
      return i18n._(msg`Food court sub-order ${number} paid out`)
    },
    courtPartRefunded: (n) => {
      const number = orderNumber(n)
      return i18n._(msg`Food court order ${number}: part refunded, back from the restaurant`)
    },
  }
}

const journalName = (i18n: I18n) => (journal: string) =>
  journal in journalNames ? i18n._(journalNames[journal as keyof typeof journalNames]) : journal

/** A ledger entry's description in the interface language. */
export function describeEntry(i18n: I18n, entry: Described): string {
  return entryDescription(entry, descriptionWords(i18n), i18n.locale, journalName(i18n))
}

/** A payment's description in the interface language (typed words as typed). */
export function describePayment(i18n: I18n, payment: Described): string {
  return paymentDescription(payment, descriptionWords(i18n))
}

/** The hook form of `describeEntry` and `describePayment`, for components. */
export function useDescriptions() {
  const { i18n } = useLingui()
  return {
    entry: (entry: Described) => describeEntry(i18n, entry),
    payment: (payment: Described) => describePayment(i18n, payment),
  }
}

/** What caused an entry, in words: the ledger's source kinds. */
export const sourceKindNames: Record<SourceKind, MessageDescriptor> = {
  'payment.captured': msg`Payment captured`,
  'payment.fee': msg`Provider fee`,
  'payment.refund': msg`Refund`,
  'payment.payout': msg`Payout`,
  'card_order.issued': msg`Cards issued`,
  'card.redeemed': msg`Card spent`,
  'card.redemption-reversed': msg`Card spending undone`,
  reversal: msg`Correction of an entry`,
  'credit_bill.issued': msg`Bill issued`,
  'credit_bill.penalty': msg`Reminder penalty`,
  'credit_bill.paid': msg`Bill paid`,
  'credit_bill.refunded': msg`Bill payment refunded`,
  'credit_bill.written_off': msg`Bill written off`,
  'credit_bill.write_off_reversed': msg`Write-off of a bill reversed`,
  'credit_bill.refund_written_off': msg`Refund of a bill written off`,
  'food_order.paid': msg`Food order paid`,
  'food_court_part.paid': msg`Food court sub-order paid`,
  'food_court_part.sale_reversed': msg`Food court sub-order rejected`,
  'food_court_part.paid_out': msg`Food court sub-order paid out`,
  'food_court.part_refunded': msg`Food court part refunded`,
}

/**
 * An entry's source: what caused it in words ("Payment captured"), a link to the payment, refund,
 * card order or program it refers to where this portal can open it, and the stored key in its
 * title for finance staff. A kind the screens do not know is shown as stored.
 */
export function EntrySource({
  entry,
  testId,
  className,
}: {
  entry: Pick<Described, 'description_params'> & { source: { kind: string; id: string } }
  testId?: string
  className?: string
}) {
  const { i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const { kind, id } = entry.source
  const key = `${kind} · ${id}`
  if (!isSourceKind(kind)) {
    return (
      <span className={cn('font-mono text-xs', className)} data-testid={testId}>
        {key}
      </span>
    )
  }
  const words = i18n._(sourceKindNames[kind])
  const target = sourceTarget(entry, (path) => portalHasScreen(portal, path))
  if (!target) {
    return (
      <span className={className} title={key} data-testid={testId}>
        {words}
      </span>
    )
  }
  return (
    <Link
      to={target.to}
      params={{ uuid: target.uuid }}
      title={key}
      className={cn('text-primary-700 underline-offset-4 hover:underline', className)}
      data-testid={testId}
    >
      {words}
    </Link>
  )
}
