import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ReceiptTextIcon, WalletIcon } from 'lucide-react'
import { useState } from 'react'
import { billStatisticsQueryOptions } from '~/components/credit/queries.ts'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, LoadFailure, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import { businessToday } from '~/lib/business-days.ts'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'
import { BookingDate, Money } from '../finances/amount.tsx'
import { describeEntry, EntrySource } from '../finances/descriptions.tsx'
import { EntryLinesTable } from '../finances/entry-lines-table.tsx'
import { journalNames } from '../finances/names.ts'
import {
  type Amounts,
  type JournalEntrySummary,
  journalEntryQueryOptions,
  ledgerAccountsQueryOptions,
} from '../finances/queries.ts'
import { type Program, programEntriesQueryOptions } from './queries.ts'

/**
 * The ledger account that holds a program's money: what payments in it brought in (230,
 * acceptors), or for a card program the face value its paid card orders put on its cards (220).
 */
const cardProgramType = 1001
const creditProgramType = 2001
const accountOf = (program: Program) => (program.type.id === cardProgramType ? 220 : 230)

/**
 * The owner's view of one program's money (spec: "a program owner sees the same for their own
 * programs only"; the owner portal's /finances stays a redirect): the balance of the program's
 * sub-account per currency, and the ledger entries touching it, each opening read-only.
 */
export function ProgramFinances({ program }: { program: Program }) {
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<string | null>(null)
  const entries = useQuery(programEntriesQueryOptions(program.uuid, page))
  return (
    <Card data-testid="program-finances" aria-labelledby="program-finances-title">
      <CardHeader>
        <CardTitle id="program-finances-title">
          <Trans>Finances</Trans>
        </CardTitle>
        <CardDescription>
          {program.type.id === cardProgramType ? (
            <Trans>What this program's cards carry, and every ledger entry behind it.</Trans>
          ) : (
            <Trans>What payments in this program brought in, and every ledger entry behind it.</Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ProgramBalance program={program} />
        <section className="grid gap-3" aria-labelledby="program-entries-title">
          <h3 id="program-entries-title" className="text-base font-semibold">
            <Trans>Ledger entries</Trans>
          </h3>
          {entries.isPending ? (
            <RowsSkeleton rows={3} />
          ) : entries.isError ? (
            <LoadError onRetry={() => entries.refetch()}>
              <LoadFailure error={entries.error} />
            </LoadError>
          ) : entries.data.count === 0 ? (
            // EmptyState's look with its own test id: the acceptors' empty state shares this page.
            <div
              data-testid="program-entries-empty"
              className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground"
            >
              <ReceiptTextIcon aria-hidden="true" className="size-8" />
              {program.type.id === cardProgramType ? (
                <Trans>
                  No card order of this program is paid yet. Entries appear here once cards are issued.
                </Trans>
              ) : (
                <Trans>
                  Nothing was paid in this program yet. Entries appear here once payments come in.
                </Trans>
              )}
            </div>
          ) : (
            <>
              <EntriesTable
                entries={entries.data.results}
                dimmed={entries.isPlaceholderData}
                onOpen={setOpen}
              />
              <Pagination
                page={page}
                pages={entries.data.pages}
                count={entries.data.count}
                onPageChange={setPage}
                disabled={entries.isFetching}
              />
            </>
          )}
        </section>
      </CardContent>
      <EntryDialog uuid={open} onClose={() => setOpen(null)} />
    </Card>
  )
}

/**
 * Account 230's balance of this program, per currency: its own sub-account (owed to the owner) and
 * its acceptors' sub-accounts in it (`<program>/<acceptor>`: owed to them), together.
 */
function ProgramBalance({ program }: { program: Program }) {
  if (program.type.id === creditProgramType) return <CreditOutstanding program={program} />
  return <AccountBalance program={program} />
}

function AccountBalance({ program }: { program: Program }) {
  const accounts = useQuery(ledgerAccountsQueryOptions(undefined, true))
  const programAccount = accountOf(program)
  const isCard = program.type.id === cardProgramType
  const mine = (s: { kind: string; external_id: string }) =>
    (s.kind === 'program' && s.external_id === program.uuid) ||
    (s.kind === 'acceptor' && s.external_id.startsWith(`${program.uuid}/`))
  const perCurrency = new Map<string, Amounts>()
  for (const sub of accounts.data?.results.find((a) => a.number === programAccount)?.sub_accounts ?? []) {
    if (!mine(sub)) continue
    for (const b of sub.balances) {
      const t = perCurrency.get(b.currency) ?? { currency: b.currency, debit: 0, credit: 0, balance: 0 }
      perCurrency.set(b.currency, {
        currency: b.currency,
        debit: t.debit + b.debit,
        credit: t.credit + b.credit,
        balance: t.balance + b.balance,
      })
    }
  }
  const balances: Amounts[] = [...perCurrency.values()]
  const shown = balances.length ? balances : [{ currency: program.currency, debit: 0, credit: 0, balance: 0 }]
  return (
    <section className="grid gap-2" aria-labelledby="program-balance-title" data-testid="program-balance">
      <h3 id="program-balance-title" className="flex items-center gap-2 text-base font-semibold">
        <WalletIcon aria-hidden="true" className="size-4 text-primary-600" />
        <Trans>Balance</Trans>
      </h3>
      {accounts.isPending ? (
        <RowsSkeleton rows={1} />
      ) : accounts.isError ? (
        <LoadError onRetry={() => accounts.refetch()}>
          <LoadFailure error={accounts.error} />
        </LoadError>
      ) : (
        <>
          <ul className="flex flex-wrap gap-3">
            {shown.map((b) => (
              <li
                key={b.currency}
                className="grid min-w-40 gap-0.5 rounded-lg border px-4 py-3"
                data-testid="program-balance-amount"
                data-currency={b.currency}
              >
                {/* 220 and 230 are credit accounts: what they hold for the program is credit − debit. */}
                <Money
                  amount={-b.balance}
                  currency={b.currency}
                  className="text-xl font-semibold"
                  testId="program-balance-value"
                />
                <span className="text-[13px] text-muted-foreground" data-testid="program-balance-received">
                  {isCard ? (
                    <Trans>
                      Put on cards in total: <Money amount={b.credit} currency={b.currency} />
                    </Trans>
                  ) : (
                    <Trans>
                      Received in total: <Money amount={b.credit} currency={b.currency} />
                    </Trans>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-[13px] text-muted-foreground">
            {isCard ? (
              <Trans>
                Account {programAccount} of the ledger, this program's part: the face value of the cards its
                paid orders issued, not yet spent.
              </Trans>
            ) : (
              <Trans>
                Account {programAccount} of the ledger, this program's part: payments received and not yet
                paid out.
              </Trans>
            )}
          </p>
        </>
      )}
    </section>
  )
}

function EntriesTable({
  entries,
  dimmed,
  onOpen,
}: {
  entries: JournalEntrySummary[]
  dimmed: boolean
  onOpen: (uuid: string) => void
}) {
  const { i18n, t } = useLingui()
  return (
    <Table aria-label={t`Ledger entries`} data-testid="program-entries" stack>
      <TableHeader>
        <TableRow>
          <TableHead>
            <Trans>Date</Trans>
          </TableHead>
          <TableHead>
            <Trans>Journal</Trans>
          </TableHead>
          <TableHead>
            <Trans>Description</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Total</Trans>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className={dimmed ? 'opacity-60' : undefined}>
        {entries.map((entry) => {
          const journal = i18n._(journalNames[entry.journal])
          const number = entry.number
          const description = describeEntry(i18n, entry)
          return (
            <TableRow key={entry.uuid} data-testid="program-entry">
              <TableCell className="whitespace-nowrap">
                <BookingDate date={entry.date} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {journal} <span className="text-muted-foreground tabular-nums">{number}</span>
              </TableCell>
              <TableCell phone="title">
                <Button
                  variant="link"
                  className="h-auto p-0 text-left whitespace-normal"
                  onClick={() => onOpen(entry.uuid)}
                  aria-label={t`Open ${journal} entry ${number}: ${description}`}
                  data-testid="program-entry-open"
                >
                  {description}
                </Button>
                {entry.reversal_of && (
                  <Badge variant="warning" className="ml-2">
                    <Trans>Reversal</Trans>
                  </Badge>
                )}
                {entry.reversed_by && (
                  <Badge variant="muted" className="ml-2">
                    <Trans>Reversed</Trans>
                  </Badge>
                )}
              </TableCell>
              <TableCell className="text-right" phone="amount">
                <div className="grid justify-end gap-0.5" data-testid="program-entry-total">
                  {entry.totals.map((total) => (
                    <Money key={total.currency} amount={total.amount} currency={total.currency} />
                  ))}
                </div>
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}

/** One entry, read-only: its header and lines, as the admin's entry page shows them. */
function EntryDialog({ uuid, onClose }: { uuid: string | null; onClose: () => void }) {
  return (
    <Dialog open={uuid !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="program-entry-dialog">
        {uuid && <EntryDetail uuid={uuid} />}
      </DialogContent>
    </Dialog>
  )
}

function EntryDetail({ uuid }: { uuid: string }) {
  const { i18n } = useLingui()
  const entry = useQuery(journalEntryQueryOptions(uuid))
  if (entry.isPending)
    return (
      <>
        <DialogHeader>
          <DialogTitle>
            <Trans>Ledger entry</Trans>
          </DialogTitle>
          <DialogDescription className="sr-only">
            <Trans>Loading…</Trans>
          </DialogDescription>
        </DialogHeader>
        <RowsSkeleton rows={3} />
      </>
    )
  if (entry.isError)
    return (
      <>
        <DialogHeader>
          <DialogTitle>
            <Trans>Ledger entry</Trans>
          </DialogTitle>
          <DialogDescription className="sr-only">
            <Trans>The ledger could not be loaded.</Trans>
          </DialogDescription>
        </DialogHeader>
        <LoadError onRetry={() => entry.refetch()}>
          <LoadFailure error={entry.error} />
        </LoadError>
      </>
    )
  const e = entry.data
  const journal = i18n._(journalNames[e.journal])
  const number = e.number
  return (
    <>
      <DialogHeader>
        <DialogTitle data-testid="program-entry-title">
          <Trans>
            {journal} entry {number}
          </Trans>
        </DialogTitle>
        <DialogDescription data-testid="program-entry-description">
          {describeEntry(i18n, e)}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-[13px] text-muted-foreground">
            <Trans>Booking date</Trans>
          </dt>
          <dd>
            <BookingDate date={e.date} style="long" />
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-[13px] text-muted-foreground">
            <Trans>Source</Trans>
          </dt>
          <dd>
            <EntrySource entry={e} testId="program-entry-source" />
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-[13px] text-muted-foreground">
            <Trans>Posted</Trans>
          </dt>
          <dd>
            <time dateTime={e.created}>
              {i18n.date(e.created, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </dd>
        </div>
      </dl>
      <EntryLinesTable lines={e.lines} testIdPrefix="program-entry" />
    </>
  )
}

/**
 * A credit program's money is what its card holders owe: the open amount of its unpaid and overdue
 * bills, penalties included (`manager/bill-statistics`), worded as outstanding and never as a signed
 * balance. Its sub-account of 230 only passes payments on to the holders' receivables (110), so
 * there it reads 0 or, after provider fees, a negative "balance" that said nothing to the owner.
 */
function CreditOutstanding({ program }: { program: Program }) {
  const zone = useBusinessTimeZone()
  const today = businessToday(zone)
  const figures = useQuery(
    billStatisticsQueryOptions({ from: today, to: today, tz: zone, program: program.uuid }),
  )
  const shown = figures.data?.results.length
    ? figures.data.results.map((r) => ({ currency: r.currency, amount: r.open.amount, count: r.open.count }))
    : [{ currency: program.currency, amount: 0, count: 0 }]
  return (
    <section className="grid gap-2" aria-labelledby="program-balance-title" data-testid="program-balance">
      <h3 id="program-balance-title" className="flex items-center gap-2 text-base font-semibold">
        <WalletIcon aria-hidden="true" className="size-4 text-primary-600" />
        <Trans context="amount owed">Outstanding</Trans>
      </h3>
      {figures.isPending ? (
        <RowsSkeleton rows={1} />
      ) : figures.isError ? (
        <LoadError onRetry={() => figures.refetch()}>
          <LoadFailure error={figures.error} />
        </LoadError>
      ) : (
        <ul className="flex flex-wrap gap-3">
          {shown.map((o) => (
            <li
              key={o.currency}
              className="grid min-w-40 gap-0.5 rounded-lg border px-4 py-3"
              data-testid="program-balance-amount"
              data-currency={o.currency}
            >
              <Money
                amount={o.amount}
                currency={o.currency}
                className="text-xl font-semibold"
                testId="program-balance-value"
              />
              <span className="text-[13px] text-muted-foreground" data-testid="program-balance-received">
                <Plural value={o.count} one="# open bill" other="# open bills" />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
