import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge } from '~/components/ui/badge.tsx'
import { brandNames, failureMessage, methodNames, statusNames, statusTone } from './messages.ts'
import type { TransactionKind, TransactionStatus } from './queries.ts'

/** A payment's or refund's status as a coloured badge. */
export function StatusBadge({ status, testId }: { status: TransactionStatus; testId?: string }) {
  const { i18n } = useLingui()
  const name = statusNames[status]
  return (
    <Badge variant={statusTone[status] ?? 'muted'} data-testid={testId} data-status={status}>
      {name ? i18n._(name) : status}
    </Badge>
  )
}

/**
 * How it was paid: the method, and for a card its brand and last four digits (`Visa •••• 4242`),
 * never more of the number.
 */
export function MethodLabel({
  method,
  brand,
  last4,
  testId,
}: {
  method: string | null
  brand: string | null
  last4: string | null
  testId?: string
}) {
  const { i18n } = useLingui()
  if (!method && !last4) return <span className="text-muted-foreground">—</span>
  if (last4) {
    const brandName = brand ? (brandNames[brand] ?? brand) : i18n._(methodNames.card as MessageDescriptor)
    return (
      <span className="whitespace-nowrap" data-testid={testId}>
        {brandName} <span className="tabular-nums">•••• {last4}</span>
      </span>
    )
  }
  const name = method ? methodNames[method] : undefined
  return <span data-testid={testId}>{name ? i18n._(name) : method}</span>
}

/**
 * Why a payment failed: in the reader's language by its failure code, else in the provider's own
 * words (`text`, which comes from the provider, e.g. a card network's decline text).
 */
export function FailureMessage({ code, text }: { code: string | null | undefined; text: string }) {
  const { i18n } = useLingui()
  const message = failureMessage(code)
  return <>{message ? i18n._(message) : text}</>
}

/**
 * What a money movement is when it is not a plain payment: a refund, a duplicate charge (the payer
 * was charged a second time for the payment, the platform gives it back by itself), or the refund
 * that gives a duplicate charge back. Nothing for a payment.
 */
export function MovementBadge({
  kind,
  duplicate,
  testId,
}: {
  kind: TransactionKind
  duplicate: boolean
  testId?: string
}) {
  if (kind === 'duplicate_capture') {
    return (
      <Badge variant="warning" data-testid={testId} data-kind={kind}>
        <Trans>Duplicate charge</Trans>
      </Badge>
    )
  }
  if (kind === 'refund') {
    return duplicate ? (
      <Badge variant="warning" data-testid={testId} data-kind={kind} data-duplicate="true">
        <Trans>Duplicate charge refunded</Trans>
      </Badge>
    ) : (
      <Badge variant="outline" data-testid={testId} data-kind={kind}>
        <Trans>Refund</Trans>
      </Badge>
    )
  }
  return null
}
