import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ChevronRightIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { cn } from '~/lib/utils.ts'
import { BillStatusBadge, CalendarDate, DueWords } from './labels.tsx'
import { type Bill, isOpen } from './queries.ts'

/**
 * The holder's bills as a list that is cards on a phone (sender, number and state on top, then the
 * amount and when it is due) and rows under column heads from `md` on. Each bill is one link to
 * its page; an overdue one is marked by its badge, a red edge and its days overdue.
 */

/** Columns from `md`: the bill, issued, due, state, amount. */
const columns =
  'md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)] md:items-center md:gap-4'

export function BillsList({
  bills,
  label,
  dimmed = false,
}: {
  bills: Bill[]
  label: string
  dimmed?: boolean
}) {
  return (
    <div className={cn('grid gap-2 transition-opacity', dimmed && 'opacity-60')}>
      <div
        aria-hidden="true"
        className={cn('hidden px-4 text-xs font-medium text-muted-foreground md:grid md:py-1', columns)}
      >
        <span>
          <Trans>Bill</Trans>
        </span>
        <span>
          <Trans>Issued</Trans>
        </span>
        <span>
          <Trans>Due</Trans>
        </span>
        <span>
          <Trans>Status</Trans>
        </span>
        <span className="text-right">
          <Trans>Amount</Trans>
        </span>
      </div>
      <ul className="grid gap-3 md:gap-2" aria-label={label} data-testid="bills-list">
        {bills.map((bill) => (
          <BillItem key={bill.uuid} bill={bill} />
        ))}
      </ul>
    </div>
  )
}

/** A cell's name, said on a phone (no column heads there) and to screen readers. */
function CellLabel({ children }: { children: ReactNode }) {
  return <span className="text-xs text-muted-foreground md:sr-only">{children}</span>
}

function BillItem({ bill }: { bill: Bill }) {
  const { t } = useLingui()
  const open = isOpen(bill)
  const overdue = bill.status === 'overdue'
  const number = bill.number
  const sender = bill.program.title
  // Open: what is left to pay; paid: what was paid; archived: what it came to.
  const amount = open
    ? bill.open_amount
    : bill.status === 'paid'
      ? bill.paid_amount
      : bill.total + bill.penalties
  return (
    <li
      className={cn(
        'relative grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-2 rounded-xl border bg-background px-4 py-3.5 shadow-xs transition-colors hover:border-primary-300 hover:bg-primary-50/30',
        'focus-within:ring-[3px] focus-within:ring-ring/40',
        overdue && 'border-l-4 border-l-red-600',
        columns,
      )}
      data-testid="bill-row"
      data-uuid={bill.uuid}
      data-status={bill.status}
    >
      <div className="grid min-w-0 gap-0.5">
        <Link
          to="/bills/$uuid"
          params={{ uuid: bill.uuid }}
          className="truncate font-medium text-foreground after:absolute after:inset-0 after:rounded-xl hover:text-primary-700 focus-visible:outline-none"
          aria-label={t`Bill ${number} from ${sender}`}
          data-testid="bill-link"
        >
          {sender || number}
        </Link>
        <span className="font-mono text-xs text-muted-foreground" data-testid="bill-number">
          {number}
        </span>
      </div>

      <div className="col-start-2 row-start-1 flex items-start justify-end md:order-4 md:col-start-auto md:row-start-auto md:justify-start">
        <BillStatusBadge status={bill.status} testId="bill-status" />
      </div>

      <div className="hidden md:order-2 md:grid md:gap-0.5 md:text-sm">
        <CellLabel>
          <Trans>Issued</Trans>
        </CellLabel>
        <CalendarDate date={bill.issue_date} />
      </div>

      <div className="grid content-start gap-0.5 text-sm md:order-3">
        <CellLabel>
          <Trans>Due</Trans>
        </CellLabel>
        <CalendarDate date={bill.due_date} testId="bill-due-date" />
        <DueWords bill={bill} className="text-[13px]" />
      </div>

      <div className="grid content-start justify-items-end gap-0.5 text-right md:order-5">
        <CellLabel>
          {open ? (
            <Trans>To pay</Trans>
          ) : bill.status === 'paid' ? (
            <Trans>Paid</Trans>
          ) : (
            <Trans>Amount</Trans>
          )}
        </CellLabel>
        <span className="flex items-center gap-1">
          <Money
            amount={amount}
            currency={bill.currency}
            className={cn('text-base font-semibold md:text-sm', !open && 'font-medium text-muted-foreground')}
            testId="bill-amount"
          />
          <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground md:hidden" />
        </span>
      </div>
    </li>
  )
}

export function BillsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="grid gap-3" data-testid="bills-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-24 w-full rounded-xl md:h-14" />
      ))}
    </div>
  )
}
