import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { formatAmountInput, parseAmountInput } from '~/components/payments/money-input.ts'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { DatePicker } from '~/components/ui/date-picker.tsx'
import { Input } from '~/components/ui/input.tsx'
import { businessToday, shiftDate } from '~/lib/business-days.ts'
import { formatMoney } from '~/lib/money.ts'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'
import { movedNames, reminderStatusNames, skipReasonNames } from './labels.tsx'
import { movedWords } from './ladder-editor.tsx'
import { ladderPreviewQueryOptions, type PreviewRow } from './queries.ts'

/** A local date and time as the language writes them (`2026-12-01`, `09:00` → "di 1 dec. 2026, 09:00"). */
function useLocalMoment() {
  const { i18n } = useLingui()
  return (date: string, time: string) => {
    const [y, m, d] = date.split('-').map(Number)
    const day = new Intl.DateTimeFormat(i18n.locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)))
    return `${day}, ${time}`
  }
}

/** The rows of a ladder's plan: when each reminder goes, why it moved, its penalty and the total. */
export function PreviewList({ rows, testId }: { rows: readonly PreviewRow[]; testId: string }) {
  const { i18n } = useLingui()
  const moment = useLocalMoment()
  if (rows.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No reminder is switched on.</Trans>
      </p>
    )
  return (
    <ol className="grid gap-2" data-testid={testId}>
      {rows.map((row) => (
        <li
          key={`${row.order}-${row.planned_at}`}
          className="grid gap-1 rounded-lg border px-3.5 py-2.5 text-sm sm:grid-cols-[1fr_auto] sm:gap-4"
          data-testid={`${testId}-row`}
        >
          <div className="grid min-w-0 gap-0.5">
            <p className="font-medium break-words">{row.title}</p>
            <p className="text-muted-foreground">
              <time dateTime={row.planned_at} data-testid={`${testId}-when`}>
                {moment(row.local_date, row.local_time)}
              </time>
              {row.status && (
                <>
                  {' · '}
                  <span data-testid={`${testId}-status`}>{i18n._(reminderStatusNames[row.status])}</span>
                </>
              )}
              {row.reason && <SkipReason reason={row.reason} />}
            </p>
            {row.moved.length > 0 && (
              <p className="text-[13px] text-muted-foreground">
                {movedWords(row.moved, movedNames)
                  .map((m) => i18n._(m))
                  .join(', ')}
              </p>
            )}
          </div>
          <div className="flex gap-4 sm:grid sm:justify-items-end sm:gap-0.5">
            <span>
              {row.penalty > 0 ? (
                <Trans>+ {formatMoney(row.penalty, row.currency, i18n.locale)} penalty</Trans>
              ) : (
                <span className="text-muted-foreground">
                  <Trans>no penalty</Trans>
                </span>
              )}
            </span>
            <span className="font-medium tabular-nums" data-testid={`${testId}-total`}>
              {formatMoney(row.running_total, row.currency, i18n.locale)}
            </span>
          </div>
        </li>
      ))}
    </ol>
  )
}

/**
 * The ladder's timeline for an example bill: due on a date the owner picks (in two weeks by
 * default) with an amount open (100.00 by default), in the program's time zone, assuming nothing is
 * paid meanwhile.
 */
export function LadderPreview({ program, currency }: { program: string; currency: string }) {
  const { i18n } = useLingui()
  const zone = useBusinessTimeZone()
  const [dueDate, setDueDate] = useState(() => shiftDate(businessToday(zone), 14))
  const [amountText, setAmountText] = useState(() => formatAmountInput(10_000, currency, i18n.locale))
  const amount = Number(parseAmountInput(amountText, currency, i18n.locale) ?? 0n)
  const preview = useQuery(ladderPreviewQueryOptions(program, dueDate, amount))
  const amountId = useId()

  return (
    <section className="grid gap-4" aria-labelledby={`${amountId}-title`} data-testid="ladder-preview">
      <div>
        <h3 id={`${amountId}-title`} className="font-medium">
          <Trans>Preview</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>
            When each reminder would go out for an example bill, with its penalty and the running total.
          </Trans>
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="grid gap-1.5">
          <label htmlFor={`${amountId}-due`} className="text-sm font-medium">
            <Trans>Due date</Trans>
          </label>
          <DatePicker
            id={`${amountId}-due`}
            value={dueDate}
            onChange={(v) => v && setDueDate(v)}
            testId="ladder-preview-due"
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={amountId} className="text-sm font-medium">
            <Trans>Open amount</Trans>
          </label>
          <Input
            id={amountId}
            inputMode="decimal"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            data-testid="ladder-preview-amount"
          />
        </div>
      </div>
      {preview.isPending ? (
        <RowsSkeleton rows={3} />
      ) : preview.isError ? (
        <LoadError onRetry={() => preview.refetch()} />
      ) : (
        <PreviewList rows={preview.data.results} testId="ladder-preview" />
      )}
    </section>
  )
}

function SkipReason({ reason }: { reason: string }) {
  const { i18n } = useLingui()
  const words = skipReasonNames[reason]
  return words ? <> ({i18n._(words)})</> : null
}
