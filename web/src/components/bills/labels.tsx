import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { AlertTriangleIcon } from 'lucide-react'
import { Badge } from '~/components/ui/badge.tsx'
import { cn } from '~/lib/utils.ts'
import { atUtcMidnight, calendarDateOptions, dueFrom, todayIn } from './due.ts'
import type { Bill, BillStatus } from './queries.ts'

/**
 * Words of the holder's bill screens for what the bills API answers as stable keys: a bill's
 * state, when it is due, its VAT rates.
 */

type Tone = 'success' | 'warning' | 'destructive' | 'muted' | 'secondary'

export const billStatusNames: Record<BillStatus, MessageDescriptor> = {
  unpaid: msg({ message: 'To pay', context: 'bill status' }),
  overdue: msg({ message: 'Overdue', context: 'bill status' }),
  paid: msg({ message: 'Paid', context: 'bill status' }),
  archived: msg({ message: 'Archived', context: 'bill status' }),
}

const billStatusTones: Record<BillStatus, Tone> = {
  unpaid: 'secondary',
  overdue: 'destructive',
  paid: 'success',
  archived: 'muted',
}

/** A bill's state as a badge; overdue carries a warning sign, so it is not told by colour alone. */
export function BillStatusBadge({ status, testId }: { status: BillStatus; testId?: string }) {
  const { i18n } = useLingui()
  const name = billStatusNames[status]
  return (
    <Badge variant={billStatusTones[status] ?? 'muted'} data-testid={testId} data-status={status}>
      {status === 'overdue' && <AlertTriangleIcon aria-hidden="true" />}
      {name ? i18n._(name) : status}
    </Badge>
  )
}

/** A calendar date (`YYYY-MM-DD`) as the language writes it, the same day wherever it is read. */
export function CalendarDate({
  date,
  style = 'medium',
  testId,
}: {
  date: string
  style?: 'medium' | 'long'
  testId?: string
}) {
  const { i18n } = useLingui()
  return (
    <time dateTime={date} data-testid={testId}>
      {i18n.date(atUtcMidnight(date), calendarDateOptions(style))}
    </time>
  )
}

/**
 * When an open bill is due, in words relative to today ("Due in 3 days", "5 days overdue"), today
 * being the day on the bill's clock (its `time_zone`: the API marks it overdue when its due date has
 * ended there). A paid or archived bill says nothing here: its state says it.
 */
export function DueWords({
  bill,
  className,
}: {
  bill: Pick<Bill, 'due_date' | 'status' | 'time_zone'>
  className?: string
}) {
  if (bill.status !== 'unpaid' && bill.status !== 'overdue') return null
  const due = dueFrom(bill.due_date, todayIn(bill.time_zone))
  const late = due.when === 'past' || bill.status === 'overdue'
  return (
    <span
      className={cn(late ? 'font-medium text-red-700' : 'text-muted-foreground', className)}
      data-testid="bill-due-words"
      data-when={due.when}
    >
      {due.when === 'today' ? (
        <Trans>Due today</Trans>
      ) : due.when === 'future' ? (
        due.days === 1 ? (
          <Trans>Due tomorrow</Trans>
        ) : (
          <Trans>
            Due in <Plural value={due.days} one="# day" other="# days" />
          </Trans>
        )
      ) : (
        <Plural value={due.days} one="# day overdue" other="# days overdue" />
      )}
    </span>
  )
}

const percentFormats = new Map<string, Intl.NumberFormat>()

/** A VAT percentage (`21`, `9`, `0`) as the language writes percentages. */
export function formatVatRate(rate: number, locale: string): string {
  let format = percentFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 })
    percentFormats.set(locale, format)
  }
  return format.format(rate / 100)
}

/** A line's or a rate's VAT: "VAT 21%", or exempt when the rate has no percentage. */
export function VatRateLabel({ rate }: { rate: number | null }) {
  const { i18n } = useLingui()
  if (rate === null) return <Trans>Exempt from VAT</Trans>
  const percent = formatVatRate(rate, i18n.locale)
  return <Trans>VAT {percent}</Trans>
}
