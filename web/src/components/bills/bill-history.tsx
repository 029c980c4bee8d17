import { Trans, useLingui } from '@lingui/react/macro'
import { BellIcon, FileDownIcon, WalletIcon } from 'lucide-react'
import { Money } from '~/components/finances/amount.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { formatMoney } from '~/lib/money.ts'
import { type BillDetail, type BillPayment, billReceiptHref } from './queries.ts'

/**
 * What happened to a bill since it was sent: the reminders that went out (when, which step, the
 * penalty each added) and the payments made of it, each paid one with its receipt. Times are on the
 * bill's clock (its `time_zone`, as its reminders were planned), not the browser's.
 */

const dateTime = (timeZone: string) => ({ dateStyle: 'medium', timeStyle: 'short', timeZone }) as const

export function RemindersSent({ bill }: { bill: BillDetail }) {
  const { i18n } = useLingui()
  const sent = bill.reminders
    .filter((r) => r.status === 'sent' && r.sent_at)
    .sort((a, b) => (a.sent_at ?? '').localeCompare(b.sent_at ?? ''))
  return (
    <Card className="gap-4 print:hidden" data-testid="bill-reminders" aria-labelledby="bill-reminders-title">
      <CardHeader>
        <CardTitle id="bill-reminders-title" className="text-base">
          <Trans>Reminders</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {sent.length === 0 ? (
          <EmptyState icon={BellIcon}>
            <Trans>No reminder has been sent for this bill.</Trans>
          </EmptyState>
        ) : (
          <ol className="grid gap-3">
            {sent.map((r) => (
              <li key={r.uuid} className="flex gap-3 text-sm" data-testid="bill-reminder">
                <span className="mt-0.5 grid size-7 shrink-0 place-content-center rounded-full bg-primary-50 text-primary-700">
                  <BellIcon aria-hidden="true" className="size-3.5" />
                </span>
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium break-words" data-testid="bill-reminder-title">
                    {r.step.title}
                  </span>
                  <span className="text-[13px] text-muted-foreground">
                    <time dateTime={r.sent_at ?? undefined}>
                      {i18n.date(r.sent_at ?? '', dateTime(bill.time_zone))}
                    </time>
                  </span>
                  {r.penalty > 0 && (
                    <span className="text-[13px] text-red-700" data-testid="bill-reminder-penalty">
                      <Trans>
                        Penalty added: <Money amount={r.penalty} currency={bill.currency} />
                      </Trans>
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

export function Payments({ bill }: { bill: BillDetail }) {
  // Payments that never took money (ended) say nothing to the holder: they are left out.
  const shown = bill.payments.filter((p) => p.status !== 'ended')
  return (
    <Card className="gap-4 print:hidden" data-testid="bill-payments" aria-labelledby="bill-payments-title">
      <CardHeader>
        <CardTitle id="bill-payments-title" className="text-base">
          <Trans>Payments</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <EmptyState icon={WalletIcon}>
            <Trans>No payment has been made of this bill yet.</Trans>
          </EmptyState>
        ) : (
          <ul className="grid gap-3">
            {[...shown].reverse().map((p) => (
              <PaymentItem key={p.uuid} payment={p} timeZone={bill.time_zone} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function PaymentItem({ payment, timeZone }: { payment: BillPayment; timeZone: string }) {
  const { i18n } = useLingui()
  const paid = payment.status === 'paid'
  const refunded = formatMoney(payment.refunded, payment.currency, i18n.locale)
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm"
      data-testid="bill-payment"
      data-status={payment.status}
      data-uuid={payment.uuid}
    >
      <div className="grid gap-0.5">
        <span className="flex items-center gap-2">
          <Money amount={payment.amount} currency={payment.currency} className="font-medium" />
          {paid ? (
            <Badge variant="success">
              <Trans context="bill payment">Paid</Trans>
            </Badge>
          ) : (
            <Badge variant="warning">
              <Trans context="bill payment">Started</Trans>
            </Badge>
          )}
        </span>
        {payment.paid_at && (
          <span className="text-[13px] text-muted-foreground">
            <time dateTime={payment.paid_at}>{i18n.date(payment.paid_at, dateTime(timeZone))}</time>
          </span>
        )}
        {payment.refunded > 0 && (
          <span className="text-[13px] text-muted-foreground" data-testid="bill-payment-refunded">
            <Trans>{refunded} refunded</Trans>
          </span>
        )}
      </div>
      {paid && (
        <Button variant="outline" size="sm" asChild>
          <a
            href={billReceiptHref(payment.uuid, i18n.locale)}
            target="_blank"
            rel="noopener"
            data-testid="bill-payment-receipt"
          >
            <FileDownIcon aria-hidden="true" />
            <Trans>Receipt (PDF)</Trans>
          </a>
        </Button>
      )}
    </li>
  )
}
