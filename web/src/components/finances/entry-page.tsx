import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon, CircleAlertIcon, CircleCheckIcon, FileSearchIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { LoadError, LoadFailure } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { ApiError } from '~/lib/api.ts'
import { BookingDate } from './amount.tsx'
import { describeEntry, EntrySource } from './descriptions.tsx'
import { EntryLinesTable, lineTotals } from './entry-lines-table.tsx'
import { journalNames } from './names.ts'
import { type JournalEntry, journalEntryQueryOptions } from './queries.ts'

function Detail({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5" data-testid={testId}>
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  )
}

/** An entry's name: its journal in the interface language and its number there. */
function EntryName({ journal, number }: { journal: JournalEntry['journal']; number: number }) {
  const { i18n } = useLingui()
  const name = i18n._(journalNames[journal])
  return (
    <Trans>
      {name} entry {number}
    </Trans>
  )
}

/** A link to another entry, named by its journal and number once it has loaded. */
function EntryLink({ uuid, testId }: { uuid: string; testId: string }) {
  const other = useQuery(journalEntryQueryOptions(uuid))
  return (
    <Link
      to="/finances/journals/$uuid"
      params={{ uuid }}
      className="text-primary-600 hover:underline"
      data-testid={testId}
    >
      {other.data ? (
        <EntryName journal={other.data.journal} number={other.data.number} />
      ) : (
        <span className="font-mono text-xs">{uuid}</span>
      )}
    </Link>
  )
}

/** `/finances/journals/{uuid}`: one journal entry, its lines and their totals. */
export function EntryPage({ uuid }: { uuid: string }) {
  const entry = useQuery({
    ...journalEntryQueryOptions(uuid),
  })

  if (entry.isPending) return <EntrySkeleton />
  if (entry.isError) {
    const missing =
      entry.error instanceof ApiError && (entry.error.status === 404 || entry.error.status === 400)
    return missing ? (
      <EntryNotFound />
    ) : (
      <LoadError onRetry={() => entry.refetch()}>
        <LoadFailure error={entry.error} />
      </LoadError>
    )
  }
  return <EntryView entry={entry.data} />
}

function BackToJournal({ journal }: { journal?: JournalEntry['journal'] }) {
  const { i18n } = useLingui()
  const name = journal ? i18n._(journalNames[journal]) : ''
  return (
    <Button variant="ghost" size="sm" asChild className="w-fit">
      <Link to="/finances" search={journal ? { journal } : {}} data-testid="entry-back">
        <ArrowLeftIcon aria-hidden="true" />
        {journal ? <Trans>Journal {name}</Trans> : <Trans>Journals</Trans>}
      </Link>
    </Button>
  )
}

function EntryView({ entry }: { entry: JournalEntry }) {
  const { i18n } = useLingui()
  const journal = i18n._(journalNames[entry.journal])
  const totals = lineTotals(entry.lines)
  const balanced = totals.every((total) => total.balanced)

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="entry-page">
      <BackToJournal journal={entry.journal} />

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight" data-testid="entry-title">
              <EntryName journal={entry.journal} number={entry.number} />
            </h1>
            {entry.reversal_of && (
              <Badge variant="warning">
                <Trans>Reversal</Trans>
              </Badge>
            )}
            {entry.reversed_by && (
              <Badge variant="muted">
                <Trans>Reversed</Trans>
              </Badge>
            )}
          </div>
          <p className="text-muted-foreground" data-testid="entry-description">
            {describeEntry(i18n, entry)}
          </p>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label={<Trans>Journal</Trans>}>{journal}</Detail>
            <Detail label={<Trans>Number</Trans>} testId="entry-number">
              {entry.number}
            </Detail>
            <Detail label={<Trans>Booking date</Trans>} testId="entry-date">
              <BookingDate date={entry.date} style="long" />
            </Detail>
            <Detail label={<Trans>Source</Trans>} testId="entry-source">
              <EntrySource entry={entry} testId="entry-source-link" />
            </Detail>
            <Detail label={<Trans>Posted</Trans>}>
              <time dateTime={entry.created}>
                {i18n.date(entry.created, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </Detail>
            {entry.reversal_of && (
              <Detail label={<Trans>Reverses</Trans>}>
                <EntryLink uuid={entry.reversal_of} testId="entry-reversal-of" />
              </Detail>
            )}
            {entry.reversed_by && (
              <Detail label={<Trans>Reversed by</Trans>}>
                <EntryLink uuid={entry.reversed_by} testId="entry-reversed-by" />
              </Detail>
            )}
          </dl>
        </CardContent>
      </Card>

      <Card className="gap-4">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <Trans>Lines</Trans>
          </CardTitle>
          {balanced ? (
            <Badge variant="success" data-testid="entry-balanced">
              <CircleCheckIcon aria-hidden="true" />
              <Trans>Balanced</Trans>
            </Badge>
          ) : (
            <Badge variant="destructive" data-testid="entry-unbalanced">
              <CircleAlertIcon aria-hidden="true" />
              <Trans>Out of balance</Trans>
            </Badge>
          )}
        </CardHeader>
        <CardContent>
          <EntryLinesTable lines={entry.lines} testIdPrefix="entry" currencyColumn />
        </CardContent>
      </Card>
    </div>
  )
}

function EntrySkeleton() {
  return (
    <div className="grid gap-6" data-testid="entry-skeleton">
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  )
}

function EntryNotFound() {
  return (
    <div className="grid gap-6">
      <BackToJournal />
      <Card data-testid="entry-not-found" className="mx-auto w-full max-w-lg">
        <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
          <FileSearchIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h1 className="text-lg font-semibold">
            <Trans>Entry not found</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>There is no journal entry at this address. The link may be wrong.</Trans>
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
