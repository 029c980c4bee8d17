import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type InferDataFromTag, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BookOpenIcon, XIcon } from 'lucide-react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, LoadFailure, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { DataTable, dataColumns } from '~/components/ui/data-table.tsx'
import { Tabs, TabsList, TabsScroll, TabsTrigger, useFilterTabs } from '~/components/ui/tabs.tsx'
import { type Journal, journals } from '../../../../modules/ledger/shared.ts'
import { BookingDate, Money } from './amount.tsx'
import { RangePresets } from './date-presets.tsx'
import { describeEntry, EntrySource } from './descriptions.tsx'
import { DateField, SearchField } from './filters.tsx'
import { FinancesHeader } from './finances-header.tsx'
import { journalNames } from './names.ts'
import { type JournalFilter, journalEntriesQueryOptions } from './queries.ts'

/** The Journals view: one journal's entries, newest first, filtered by booking dates and a search. */
export function JournalsPage({
  filter,
  onFilterChange,
}: {
  filter: JournalFilter
  onFilterChange: (change: Partial<JournalFilter>) => void
}) {
  const { t, i18n } = useLingui()
  const tabs = useFilterTabs(filter.journal)
  const entries = useQuery(journalEntriesQueryOptions(filter))
  const filtered = Boolean(filter.from || filter.to || filter.q)

  return (
    <div className="grid grid-cols-1 gap-6">
      <FinancesHeader />

      <Tabs value={filter.journal} onValueChange={(v) => onFilterChange({ journal: v as Journal, page: 1 })}>
        <TabsScroll>
          <TabsList aria-label={t`Journal`}>
            {journals.map((journal) => (
              <TabsTrigger
                key={journal}
                value={journal}
                {...tabs.trigger(journal)}
                data-testid={`journal-${journal}`}
              >
                {i18n._(journalNames[journal])}
              </TabsTrigger>
            ))}
          </TabsList>
        </TabsScroll>
      </Tabs>

      <Card className="gap-4" {...tabs.panel}>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <SearchField
              id="journal-search"
              label={t`Description, source or number`}
              value={filter.q ?? ''}
              onChange={(q) => onFilterChange({ q: q || undefined, page: 1 })}
              testId="journal-search"
            />
            <DateField
              id="journal-from"
              label={t`Booked from`}
              value={filter.from}
              max={filter.to}
              onChange={(from) => onFilterChange({ from, page: 1 })}
              testId="journal-from"
            />
            <DateField
              id="journal-to"
              label={t`Booked until`}
              value={filter.to}
              min={filter.from}
              onChange={(to) => onFilterChange({ to, page: 1 })}
              testId="journal-to"
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <RangePresets
              range={filter}
              onSelect={(range) => onFilterChange({ ...range, page: 1 })}
              testIdPrefix="journal-preset"
            />
            {filtered && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onFilterChange({ from: undefined, to: undefined, q: undefined, page: 1 })}
                data-testid="journal-clear"
              >
                <XIcon aria-hidden="true" />
                <Trans>Clear filters</Trans>
              </Button>
            )}
            {entries.data && <EntryCount count={entries.data.count} />}
          </div>

          {entries.isPending ? (
            <RowsSkeleton rows={8} />
          ) : entries.isError ? (
            <LoadError onRetry={() => entries.refetch()}>
              <LoadFailure error={entries.error} />
            </LoadError>
          ) : entries.data.results.length === 0 ? (
            <EmptyState icon={<BookOpenIcon aria-hidden="true" className="size-6" />}>
              {filter.page > 1 ? (
                <>
                  <Trans>This page is past the last entry.</Trans>
                  <Button variant="outline" size="sm" onClick={() => onFilterChange({ page: 1 })}>
                    <Trans>First page</Trans>
                  </Button>
                </>
              ) : filtered ? (
                <Trans>No entry in this journal matches these filters.</Trans>
              ) : (
                <Trans>Nothing has been booked in this journal yet.</Trans>
              )}
            </EmptyState>
          ) : (
            <DataTable
              id="journal"
              data={entries.data.results}
              columns={entryColumns}
              getRowId={(entry) => entry.uuid}
              label={i18n._(journalNames[filter.journal])}
              testId="journal-table"
              dimmed={entries.isPlaceholderData}
              pages={{
                page: filter.page,
                pages: entries.data.pages,
                count: entries.data.count,
                onPageChange: (page) => onFilterChange({ page }),
                disabled: entries.isFetching,
              }}
              rowProps={() => ({ 'data-testid': 'journal-row', className: 'relative' })}
            />
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function EntryCount({ count }: { count: number }) {
  return (
    <p className="ml-auto text-sm text-muted-foreground" data-testid="journal-count">
      <Plural value={count} one="# entry" other="# entries" />
    </p>
  )
}

/** An entry of the list, as the journal query answers it. */
type Entry = InferDataFromTag<
  unknown,
  ReturnType<typeof journalEntriesQueryOptions>['queryKey']
>['results'][number]

const column = dataColumns<Entry>()

const entryColumns = column.columns([
  column.accessor('number', {
    meta: { label: msg`No.`, className: 'w-20', cellClassName: 'font-medium tabular-nums', phoneLabel: true },
    sortFn: 'basic',
    sortDescFirst: true,
    cell: ({ row }) => <EntryLink entry={row.original} />,
  }),
  column.accessor('date', {
    meta: { label: msg`Date`, cellClassName: 'text-muted-foreground' },
    sortFn: 'text',
    sortDescFirst: true,
    cell: ({ getValue }) => <BookingDate date={getValue()} />,
  }),
  column.accessor('description', {
    meta: { label: msg`Description`, cellClassName: 'max-w-96 whitespace-normal', phone: 'title' },
    sortFn: 'text',
    cell: ({ row }) => {
      const entry = row.original
      return (
        <>
          <span className="line-clamp-2" data-testid="journal-row-description">
            <EntryDescription entry={entry} />
          </span>
          {(entry.reversal_of || entry.reversed_by) && (
            <span className="mt-1 flex gap-1.5">
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
            </span>
          )}
        </>
      )
    },
  }),
  column.accessor((entry) => `${entry.source.kind} · ${entry.source.id}`, {
    id: 'source',
    meta: { label: msg`Source`, from: 'md', cellClassName: 'max-w-64 truncate text-muted-foreground' },
    sortFn: 'text',
    // In words, with a link to what caused the entry; above the row's link, which covers the row.
    cell: ({ row }) => (
      <EntrySource entry={row.original} className="relative z-10" testId="journal-row-source" />
    ),
  }),
  column.accessor((entry) => entry.totals[0]?.amount ?? 0, {
    id: 'total',
    meta: { label: msg`Total`, className: 'text-right', phone: 'amount', cellTestId: 'journal-row-total' },
    sortFn: 'basic',
    sortDescFirst: true,
    cell: ({ row }) => (
      <span className="grid justify-items-end gap-0.5">
        {row.original.totals.map((total) => (
          <Money key={total.currency} amount={total.amount} currency={total.currency} />
        ))}
      </span>
    ),
  }),
])

/** The entry's number links to the entry; the link covers the whole row. */
function EntryLink({ entry }: { entry: Entry }) {
  const { t, i18n } = useLingui()
  const { number } = entry
  const description = describeEntry(i18n, entry)
  return (
    <Link
      to="/finances/journals/$uuid"
      params={{ uuid: entry.uuid }}
      className="text-foreground after:absolute after:inset-0 hover:text-primary-700 focus-visible:outline-none focus-visible:after:ring-[3px] focus-visible:after:ring-ring/40"
      aria-label={t`Entry ${number}: ${description}`}
    >
      {entry.number}
    </Link>
  )
}

/** An entry's description in the interface language. */
function EntryDescription({ entry }: { entry: Entry }) {
  const { i18n } = useLingui()
  return describeEntry(i18n, entry)
}
