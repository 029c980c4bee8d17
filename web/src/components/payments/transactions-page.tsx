import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { ArrowLeftRightIcon, FileDownIcon, XIcon } from 'lucide-react'
import { Money } from '~/components/finances/amount.tsx'
import { RangePresets } from '~/components/finances/date-presets.tsx'
import { describePayment } from '~/components/finances/descriptions.tsx'
import { DateField, SearchField } from '~/components/finances/filters.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { DataTable, dataColumns, type ServerPages } from '~/components/ui/data-table.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { ApiError } from '~/lib/api.ts'
import type { Portal } from '~/lib/portal.ts'
import { MethodLabel, MovementBadge, StatusBadge } from './labels.tsx'
import { statusNames } from './messages.ts'
import {
  receiptHref,
  type Transaction,
  type TransactionFilter,
  transactionKinds,
  transactionStatuses,
  transactionsQueryOptions,
} from './queries.ts'
import { RequestPaymentButton } from './request-payment-button.tsx'

/** Portals whose users ask for payments themselves (payment links). */
const requesters: readonly Portal[] = ['programs', 'acceptor']

/**
 * The transactions list (spec: "transactions list"): the payments and refunds the signed-in user
 * may see, newest first: an admin all of them, a program owner the payments to them, an acceptor
 * those at their cashpoint, a card holder those they paid. Filters and page live in the URL.
 */
export function TransactionsPage({
  filter,
  onFilterChange,
}: {
  filter: TransactionFilter
  onFilterChange: (change: Partial<TransactionFilter>) => void
}) {
  const { t, i18n } = useLingui()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const transactions = useQuery(transactionsQueryOptions(filter))
  const filtered = Boolean(filter.from || filter.to || filter.q || filter.status || filter.kind)

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
            <Trans>Transactions</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            {portal === 'cardholder' ? (
              <Trans>Your payments and their refunds, with receipts.</Trans>
            ) : portal === 'admin' ? (
              <Trans>Every payment and refund on the platform.</Trans>
            ) : (
              <Trans>Payments to you and their refunds, with receipts.</Trans>
            )}
          </p>
        </div>
        {requesters.includes(portal) && <RequestPaymentButton />}
      </header>

      <Card className="gap-4">
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2 sm:[&>*:first-child]:col-span-2 lg:grid-cols-3 lg:[&>*:first-child]:col-span-1">
            <SearchField
              id="transactions-search"
              label={t`Reference or description`}
              value={filter.q ?? ''}
              onChange={(q) => onFilterChange({ q: q || undefined, page: 1 })}
              testId="transactions-search"
            />
            <div className="grid gap-1.5">
              <Label htmlFor="transactions-status" className="text-[13px]/normal text-muted-foreground">
                <Trans>Status</Trans>
              </Label>
              <Select
                value={filter.status ?? 'all'}
                onValueChange={(v) =>
                  onFilterChange({
                    status: v === 'all' ? undefined : (v as TransactionFilter['status']),
                    page: 1,
                  })
                }
              >
                <SelectTrigger id="transactions-status" data-testid="transactions-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">
                    <Trans>All statuses</Trans>
                  </SelectItem>
                  {transactionStatuses.map((status) => (
                    <SelectItem key={status} value={status}>
                      {i18n._(statusNames[status])}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="transactions-kind" className="text-[13px]/normal text-muted-foreground">
                <Trans>Kind</Trans>
              </Label>
              <Select
                value={filter.kind ?? 'all'}
                onValueChange={(v) =>
                  onFilterChange({
                    kind: v === 'all' ? undefined : (v as TransactionFilter['kind']),
                    page: 1,
                  })
                }
              >
                <SelectTrigger id="transactions-kind" data-testid="transactions-kind">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">
                    <Trans>Payments and refunds</Trans>
                  </SelectItem>
                  {transactionKinds.map((kind) => (
                    <SelectItem key={kind} value={kind}>
                      <KindName kind={kind} />
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <DateField
              id="transactions-from"
              label={t`From`}
              value={filter.from}
              max={filter.to}
              onChange={(from) => onFilterChange({ from, page: 1 })}
              testId="transactions-from"
            />
            <DateField
              id="transactions-to"
              label={t`Until`}
              value={filter.to}
              min={filter.from}
              onChange={(to) => onFilterChange({ to, page: 1 })}
              testId="transactions-to"
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <RangePresets
              range={filter}
              onSelect={(range) => onFilterChange({ ...range, page: 1 })}
              testIdPrefix="transactions-preset"
            />
            {filtered && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  onFilterChange({
                    from: undefined,
                    to: undefined,
                    q: undefined,
                    status: undefined,
                    kind: undefined,
                    page: 1,
                  })
                }
                data-testid="transactions-clear"
              >
                <XIcon aria-hidden="true" />
                <Trans>Clear filters</Trans>
              </Button>
            )}
            {transactions.data && <TransactionCount count={transactions.data.count} />}
          </div>

          {transactions.isPending ? (
            <RowsSkeleton rows={8} />
          ) : transactions.isError ? (
            <LoadError onRetry={() => transactions.refetch()}>
              {transactions.error instanceof ApiError && transactions.error.status === 400 ? (
                <Trans>These filters were refused. Check the dates and try again.</Trans>
              ) : transactions.error instanceof ApiError && transactions.error.status >= 500 ? (
                <Trans>Server error, please try again later</Trans>
              ) : (
                <Trans>The transactions could not be loaded.</Trans>
              )}
            </LoadError>
          ) : transactions.data.results.length === 0 ? (
            <EmptyState icon={<ArrowLeftRightIcon aria-hidden="true" className="size-6" />}>
              {filter.page > 1 ? (
                <>
                  <Trans>This page is past the last transaction.</Trans>
                  <Button variant="outline" size="sm" onClick={() => onFilterChange({ page: 1 })}>
                    <Trans>First page</Trans>
                  </Button>
                </>
              ) : filtered ? (
                <Trans>No transaction matches these filters.</Trans>
              ) : portal === 'cardholder' ? (
                <Trans>Payments you make appear here, with their receipts.</Trans>
              ) : (
                <Trans>Payments appear here as soon as someone starts paying.</Trans>
              )}
            </EmptyState>
          ) : (
            <TransactionsTable
              transactions={transactions.data.results}
              dimmed={transactions.isPlaceholderData}
              pages={{
                page: filter.page,
                pages: transactions.data.pages,
                count: transactions.data.count,
                onPageChange: (page) => onFilterChange({ page }),
                disabled: transactions.isFetching,
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function TransactionCount({ count }: { count: number }) {
  return (
    <p className="ml-auto text-sm text-muted-foreground" data-testid="transactions-count">
      <Plural value={count} one="# transaction" other="# transactions" />
    </p>
  )
}

/** The kind filter's options: payments, duplicate charges (a payment charged twice), refunds. */
function KindName({ kind }: { kind: Transaction['kind'] }) {
  if (kind === 'refund') return <Trans>Refunds</Trans>
  if (kind === 'duplicate_capture') return <Trans>Duplicate charges</Trans>
  return <Trans>Payments</Trans>
}

const column = dataColumns<Transaction>()

/** The transactions' columns; amounts sort with refunds as negative, as they are shown. */
const transactionColumns = column.columns([
  column.accessor('created', {
    meta: { label: msg`Date`, cellClassName: 'whitespace-nowrap text-muted-foreground' },
    sortFn: 'datetime',
    sortDescFirst: true,
    cell: ({ row }) => <TransactionDate created={row.original.created} />,
  }),
  column.accessor('description', {
    meta: { label: msg`Description`, cellClassName: 'max-w-80 whitespace-normal' },
    sortFn: 'text',
    cell: ({ row }) => <TransactionDescription tx={row.original} />,
  }),
  column.accessor((tx) => tx.card_brand ?? tx.method, {
    id: 'method',
    meta: { label: msg`Method`, from: 'md', cellClassName: 'text-muted-foreground' },
    sortFn: 'text',
    cell: ({ row }) => (
      <MethodLabel
        method={row.original.method}
        brand={row.original.card_brand}
        last4={row.original.card_last4}
        testId="transaction-method"
      />
    ),
  }),
  column.accessor('transaction_status', {
    id: 'status',
    meta: { label: msg`Status` },
    sortFn: 'text',
    cell: ({ row }) => <StatusBadge status={row.original.transaction_status} testId="transaction-status" />,
  }),
  column.accessor((tx) => (tx.kind === 'refund' ? -tx.amount : tx.amount), {
    id: 'amount',
    meta: { label: msg`Amount`, className: 'text-right', cellClassName: 'font-medium' },
    sortFn: 'basic',
    sortDescFirst: true,
    cell: ({ row, getValue }) => (
      <Money amount={getValue()} currency={row.original.currency} testId="transaction-amount" />
    ),
  }),
  column.display({
    id: 'receipt',
    enableHiding: false,
    meta: { label: msg`Receipt`, className: 'w-12', srOnlyHeader: true },
    cell: ({ row }) => <ReceiptLink tx={row.original} />,
  }),
])

function TransactionsTable({
  transactions,
  dimmed,
  pages,
}: {
  transactions: Transaction[]
  dimmed: boolean
  pages: ServerPages
}) {
  const { t } = useLingui()
  return (
    <DataTable
      id="transactions"
      data={transactions}
      columns={transactionColumns}
      getRowId={(tx) => tx.uuid}
      label={t`Transactions`}
      testId="transactions-table"
      dimmed={dimmed}
      pages={pages}
      rowProps={(tx) => ({
        'data-testid': 'transaction-row',
        'data-uuid': tx.uuid,
        'data-kind': tx.kind,
        'data-duplicate': tx.duplicate || tx.kind === 'duplicate_capture' ? 'true' : undefined,
        className: 'relative',
      })}
    />
  )
}

function TransactionDate({ created }: { created: string }) {
  const { i18n } = useLingui()
  return <time dateTime={created}>{i18n.date(created, { dateStyle: 'medium', timeStyle: 'short' })}</time>
}

/**
 * The description links to the transaction (the link covers the whole row); under it whom it was
 * paid to (the shop, and the cashpoint at a counter), the reference and the kind. A sale at the
 * counter without a description is named by its shop.
 */
function TransactionDescription({ tx }: { tx: Transaction }) {
  const { t, i18n } = useLingui()
  const { reference } = tx
  const whom = tx.merchant ? [tx.merchant, tx.cashpoint].filter(Boolean).join(' · ') : null
  const description = describePayment(i18n, tx) || whom || reference
  return (
    <>
      <Link
        to="/transactions/$uuid"
        params={{ uuid: tx.uuid }}
        className="font-medium text-foreground after:absolute after:inset-0 hover:text-primary-700 focus-visible:outline-none focus-visible:after:ring-[3px] focus-visible:after:ring-ring/40"
        aria-label={
          tx.kind === 'duplicate_capture'
            ? t`Duplicate charge of ${reference}: ${description}`
            : tx.kind === 'refund' && tx.duplicate
              ? t`Duplicate charge of ${reference} refunded: ${description}`
              : tx.kind === 'refund'
                ? t`Refund of ${reference}: ${description}`
                : t`${reference}: ${description}`
        }
      >
        <span
          className="line-clamp-2"
          data-testid={description === whom ? 'transaction-merchant' : 'transaction-description'}
        >
          {description}
        </span>
      </Link>
      {whom && description !== whom && (
        <span
          className="mt-0.5 block text-xs break-words text-muted-foreground"
          data-testid="transaction-merchant"
        >
          {whom}
        </span>
      )}
      <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <span className="font-mono">{tx.reference}</span>
        <MovementBadge kind={tx.kind} duplicate={tx.duplicate} testId="transaction-kind" />
      </span>
    </>
  )
}

function ReceiptLink({ tx }: { tx: Transaction }) {
  const { t, i18n } = useLingui()
  const { reference } = tx
  if (!tx.order.receipt_url) return null
  return (
    <Button variant="ghost" size="icon" asChild className="relative z-10 size-8">
      <a
        href={receiptHref(tx.order.receipt_url, i18n.locale)}
        target="_blank"
        rel="noopener"
        title={t`Receipt (PDF)`}
        aria-label={t`Receipt of ${reference} (PDF)`}
        data-testid="transaction-receipt"
      >
        <FileDownIcon aria-hidden="true" />
      </a>
    </Button>
  )
}
