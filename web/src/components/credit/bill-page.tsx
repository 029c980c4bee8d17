import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  AlertTriangleIcon,
  ArchiveIcon,
  ArrowLeftIcon,
  CalendarClockIcon,
  FileDownIcon,
  LoaderCircleIcon,
  SearchXIcon,
} from 'lucide-react'
import { useId, useState } from 'react'
import { isForbidden, isNotFound } from '~/components/programs/errors.ts'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { DatePicker } from '~/components/ui/date-picker.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { useCalendarDate } from './bills-section.tsx'
import { BillStatusBadge, creditErrorMessage, skipReasonNames, timelineNames } from './labels.tsx'
import { PreviewList } from './ladder-preview.tsx'
import {
  archiveBill,
  type BillDetail,
  billChanged,
  billPreviewQueryOptions,
  billQueryOptions,
  moveDueDate,
  ownerInvoiceHref,
} from './queries.ts'
import { type TimelineParams, timelineDetail } from './timeline.ts'

/**
 * A bill as its program owner sees it (issue 13, item 3): the invoice (lines, VAT per rate,
 * penalties as their own lines, paid and open), the planned and sent reminders, and the timeline
 * (issued, each reminder sent or skipped and why, penalties, payments, due date moves, archiving).
 * The owner moves the due date of an open bill or archives a bill with a reason.
 */
export function BillPage({ program, uuid }: { program: string; uuid: string }) {
  const bill = useQuery(billQueryOptions(uuid))
  if (bill.isPending) return <RowsSkeleton rows={8} />
  if (bill.isError) {
    if (isNotFound(bill.error) || isForbidden(bill.error)) return <BillNotFound program={program} />
    return <LoadError onRetry={() => bill.refetch()} />
  }
  return <BillView program={program} bill={bill.data} />
}

/** A bill that is not there (unknown, another owner's): says so, with the way back to its program. */
export function BillNotFound({ program }: { program: string }) {
  return (
    <Card data-testid="bill-not-found" className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <SearchXIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 id="screen-title" data-testid="screen-title" className="text-xl font-semibold">
          <Trans>Bill not found</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>It may have been removed, or the link is incomplete.</Trans>
        </p>
        <Button variant="outline" asChild>
          <Link to="/programs/$uuid" params={{ uuid: program }}>
            <ArrowLeftIcon aria-hidden="true" />
            <Trans>Back to the program</Trans>
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}

function BillView({ program, bill }: { program: string; bill: BillDetail }) {
  const { i18n } = useLingui()
  const calendarDate = useCalendarDate()
  const money = (amount: number) => formatMoney(amount, bill.currency, i18n.locale)
  const preview = useQuery(billPreviewQueryOptions(bill.uuid))
  const open = bill.status === 'unpaid' || bill.status === 'overdue'
  // On the bill's clock (the holder's zone given on issue, else the program's), as its reminders are
  // planned and the preview above reads, whatever zone the owner's browser is in.
  const at = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: bill.time_zone,
    }).format(new Date(iso))

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="bill-page" data-status={bill.status}>
      <Button variant="ghost" size="sm" asChild className="w-fit">
        <Link to="/programs/$uuid" params={{ uuid: program }} data-testid="bill-back">
          <ArrowLeftIcon aria-hidden="true" />
          {bill.program.title}
        </Link>
      </Button>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 id="screen-title" className="text-2xl font-semibold tracking-tight" data-testid="screen-title">
            <Trans>Bill {bill.number}</Trans>
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <BillStatusBadge status={bill.status} />
            <span>{bill.holder.name || bill.holder.email}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={ownerInvoiceHref(bill.uuid)} download data-testid="bill-invoice-pdf">
              <FileDownIcon aria-hidden="true" />
              <Trans>Invoice (PDF)</Trans>
            </a>
          </Button>
          {open && <MoveDueDate bill={bill} />}
          {bill.status !== 'archived' && <ArchiveBill bill={bill} />}
        </div>
      </header>

      {bill.reminders_stopped && (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800"
          data-testid="bill-reminders-stopped"
        >
          <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <Trans>
            Reminders stopped: the holder's mail server refused their address. Contact the holder another way.
          </Trans>
        </p>
      )}

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Invoice</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Dated {calendarDate(bill.issue_date)}, due {calendarDate(bill.due_date)}
            </Trans>
            {bill.reference && <> · {bill.reference}</>}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid divide-y rounded-lg border" data-testid="bill-lines">
            {bill.lines.map((line, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never move
                key={i}
                className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm"
                data-kind={line.kind}
              >
                <span className="min-w-0 break-words">
                  {line.kind === 'penalty' ? (
                    <span className="text-amber-800">{line.description}</span>
                  ) : (
                    <>
                      {line.quantity} × {line.description}{' '}
                      <span className="text-muted-foreground">
                        ({money(line.unit_price)}
                        {line.vat_rate !== null && <>, {line.vat_rate}%</>})
                      </span>
                    </>
                  )}
                </span>
                <span className="tabular-nums">{money(line.net)}</span>
              </li>
            ))}
          </ul>
          <dl className="grid gap-1 justify-self-end text-sm" data-testid="bill-sums">
            <Sum label={<Trans>Subtotal</Trans>} value={money(bill.subtotal)} />
            {bill.vat_per_rate
              .filter((r) => r.vat_rate !== null)
              .map((r) => (
                <Sum key={r.code} label={<Trans>VAT {r.vat_rate}%</Trans>} value={money(r.vat)} />
              ))}
            {bill.penalties > 0 && <Sum label={<Trans>Penalties</Trans>} value={money(bill.penalties)} />}
            <Sum strong label={<Trans>Total</Trans>} value={money(bill.total + bill.penalties)} />
            {/* Paid as paid, positive (not a deduction "−€121.00"); the open amount says what is left. */}
            {bill.paid_amount > 0 && (
              <Sum label={<Trans>Paid</Trans>} value={money(bill.paid_amount)} testId="bill-paid-amount" />
            )}
            <Sum strong label={<Trans>Open</Trans>} value={money(bill.open_amount)} testId="bill-open" />
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Reminders</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Each reminder of the ladder for this bill, on the holder's clock.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {preview.isPending ? (
            <RowsSkeleton rows={3} />
          ) : preview.isError ? (
            <LoadError onRetry={() => preview.refetch()} />
          ) : (
            <PreviewList rows={preview.data.results} testId="bill-reminders" />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Timeline</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-3 border-l pl-4" data-testid="bill-timeline">
            {bill.timeline.map((event, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is append-only
                key={i}
                className="relative grid gap-0.5 text-sm"
                data-testid="bill-timeline-event"
                data-kind={event.kind}
              >
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary-500"
                />
                <span className="font-medium">{i18n._(timelineNames[event.kind])}</span>
                <span className="text-muted-foreground">
                  <time dateTime={event.at}>{at(event.at)}</time>
                  <EventDetail params={event.params} currency={bill.currency} />
                </span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  )
}

/** What the API adds to a timeline entry, in words: the step, an amount, a reason (`timeline.ts`). */
function EventDetail({ params, currency }: { params: TimelineParams; currency: string }) {
  const { i18n } = useLingui()
  const parts = timelineDetail(params, {
    money: (amount) => formatMoney(amount, currency, i18n.locale),
    writtenOff: (amount) => i18n._(msg`${amount} written off`),
    recovered: (amount) => i18n._(msg`${amount} of the write-off recovered`),
    reason: (reason) => {
      const words = skipReasonNames[reason]
      return words ? i18n._(words) : reason
    },
  })
  return parts.length ? <> · {parts.join(' · ')}</> : null
}

function Sum({
  label,
  value,
  strong,
  testId,
}: {
  label: React.ReactNode
  value: string
  strong?: boolean
  testId?: string
}) {
  return (
    <div className={strong ? 'flex justify-between gap-8 font-medium' : 'flex justify-between gap-8'}>
      <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function MoveDueDate({ bill }: { bill: BillDetail }) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [date, setDate] = useState(bill.due_date)
  const [saving, setSaving] = useState(false)
  const id = useId()
  const save = async () => {
    setSaving(true)
    try {
      billChanged(queryClient, await moveDueDate(bill.uuid, date))
      notify.success(msg`Due date moved`)
      setOpen(false)
    } catch (error) {
      notify.error(creditErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        disabled={!hydrated}
        data-testid="bill-move-due"
      >
        <CalendarClockIcon aria-hidden="true" />
        <Trans>Move due date</Trans>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Move the due date</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Reminders not sent yet are planned again from the new date.</Trans>
            </DialogDescription>
          </DialogHeader>
          <label htmlFor={id} className="text-sm font-medium">
            <Trans>New due date</Trans>
          </label>
          <DatePicker id={id} value={date} onChange={(v) => v && setDate(v)} testId="bill-new-due" />
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={saving}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={save} disabled={saving} aria-busy={saving} data-testid="bill-move-due-save">
              {saving && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              <Trans>Move</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}

function ArchiveBill({ bill }: { bill: BillDetail }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [saving, setSaving] = useState(false)
  const [missing, setMissing] = useState(false)
  const id = useId()
  // What archiving writes off (docs/credit.md, "Archiving an open bill").
  const openAmount = bill.open_amount > 0 ? formatMoney(bill.open_amount, bill.currency, i18n.locale) : null
  const save = async () => {
    if (!reason.trim()) {
      setMissing(true)
      return
    }
    setSaving(true)
    try {
      billChanged(queryClient, await archiveBill(bill.uuid, reason.trim()))
      notify.success(msg`Bill archived`)
      setOpen(false)
    } catch (error) {
      notify.error(creditErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} disabled={!hydrated} data-testid="bill-archive">
        <ArchiveIcon aria-hidden="true" />
        <Trans>Archive</Trans>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Archive this bill?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>No reminder goes out for it any more. This cannot be undone.</Trans>
            </DialogDescription>
          </DialogHeader>
          {openAmount && (
            <p className="rounded-md border p-3 text-sm" data-testid="bill-archive-write-off">
              <Trans>
                {openAmount} is still open. Archiving writes it off: the holder is no longer asked to pay it,
                and it comes off the program’s income and VAT in Finances.
              </Trans>
            </p>
          )}
          <label htmlFor={id} className="text-sm font-medium">
            <Trans>Reason</Trans>
          </label>
          <Textarea
            id={id}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
              setMissing(false)
            }}
            aria-invalid={missing}
            aria-describedby={missing ? `${id}-error` : undefined}
            data-testid="bill-archive-reason"
          />
          {missing && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {i18n._(msg`Say why the bill is archived.`)}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={saving}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="destructive"
              onClick={save}
              disabled={saving}
              aria-busy={saving}
              data-testid="bill-archive-confirm"
            >
              {saving && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              <Trans>Archive bill</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}
