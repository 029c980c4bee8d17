import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  type Column,
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  functionalUpdate,
  metaHelper,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table'
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, Columns3Icon } from 'lucide-react'
import { type ComponentProps, lazy, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import type { ColumnChoice } from '~/components/ui/data-table-column-menu.tsx'
import { DataTablePagination } from '~/components/ui/data-table-pagination.tsx'
import { DeferredMenu } from '~/components/ui/deferred-menu.tsx'
import {
  type PhonePlace,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table.tsx'
import { cn } from '~/lib/utils.ts'

/** What a column tells the data table beyond TanStack Table's own definition. */
export interface DataColumnMeta {
  /** The column's name: its header, and its name in the column menu and in sort announcements. */
  label: MessageDescriptor
  /** Classes for header and cells alike: alignment, width. */
  className?: string
  /**
   * The screen width from which the column shows; narrower screens leave it out until someone
   * switches it on in the column menu.
   */
  from?: keyof typeof fromWidth
  /** Classes for the cells only. */
  cellClassName?: string
  /** `data-testid` of each cell of the column. */
  cellTestId?: string
  /** The header is read by screen readers only (an actions column, say). */
  srOnlyHeader?: boolean
  /**
   * Where the column's cells go on a phone, where a table with a `title` column stacks each row
   * as a compact item (ui/table.tsx, `PhonePlace`); without, beneath the first line.
   */
  phone?: PhonePlace
  /** On a phone, the column's name shows before each value (a bare number, say). */
  phoneLabel?: boolean
}

const fromWidth = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
} as const

/**
 * One data table for the app's lists, on TanStack Table: sorting by the column headers, pages
 * (the API's pages, or slices of rows already loaded) and a menu to show or hide columns, kept per
 * table in this browser. Column definitions use `dataColumns<Row>()` so they carry this table's
 * features and `DataColumnMeta`.
 */
export const dataTableFeatures = tableFeatures({
  columnMeta: metaHelper<DataColumnMeta>(),
  columnVisibilityFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    basic: sortFn_basic,
    datetime: sortFn_datetime,
    text: sortFn_text,
  },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
})

export type DataTableFeatures = typeof dataTableFeatures

/** The column helper for a data table of `TData` rows. */
export const dataColumns = <TData extends RowData>() => createColumnHelper<DataTableFeatures, TData>()

/** Pages the API made: the table shows the page it was given and asks for another by number. */
export interface ServerPages {
  /** The page shown, from 1. */
  page: number
  pages: number
  /** Rows over all pages. */
  count: number
  onPageChange: (page: number) => void
  /** While a page loads. */
  disabled?: boolean
}

export function DataTable<TData extends RowData>({
  id,
  data,
  columns,
  getRowId,
  label,
  testId,
  rowProps,
  dimmed = false,
  pages,
  pageSize,
}: {
  /** Names the table where its column choice is kept (`localStorage`). */
  id: string
  data: TData[]
  // biome-ignore lint/suspicious/noExplicitAny: columns of mixed value types, as TanStack Table's own helper returns them
  columns: ColumnDef<DataTableFeatures, TData, any>[]
  getRowId: (row: TData) => string
  /** The table's accessible name. */
  label: string
  testId?: string
  /** Attributes of a row's `<tr>`: test ids, data attributes, classes. */
  rowProps?: (row: TData) => ComponentProps<'tr'> & { [data: `data-${string}`]: string | undefined }
  /** The rows are of the page before, while the next one loads. */
  dimmed?: boolean
  /** The API's pages; without them the table pages through `data` itself when `pageSize` is set. */
  pages?: ServerPages
  pageSize?: number
}) {
  const { t, i18n } = useLingui()
  const columnName = (column: Column<DataTableFeatures, TData, unknown>) => {
    const label = column.columnDef.meta?.label
    return label ? i18n._(label) : column.id
  }
  const [sorting, setSorting] = useState<SortingState>([])
  const [visibility, setVisibility] = useStoredVisibility(id)
  const [clientPage, setClientPage] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: pageSize ?? Number.MAX_SAFE_INTEGER,
  })
  const pagination: PaginationState = pages
    ? { pageIndex: pages.page - 1, pageSize: Math.max(1, data.length) }
    : clientPage
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    state: { sorting, columnVisibility: visibility, pagination },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setVisibility,
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination)
      if (pages) pages.onPageChange(next.pageIndex + 1)
      else setClientPage(next)
    },
    manualPagination: Boolean(pages) || pageSize === undefined,
    pageCount: pages ? pages.pages : undefined,
    autoResetPageIndex: false,
  })

  const sorted = sorting[0]
  const sortedColumn = sorted ? table.getColumn(sorted.id) : undefined
  const sortedName = sortedColumn ? columnName(sortedColumn) : ''
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide())
  const pageCount = table.getPageCount()
  const rows = table.getRowModel().rows
  const stack = columns.some((column) => column.meta?.phone === 'title')

  return (
    <div className="grid gap-2">
      {hideable.length > 0 && (
        <div className="flex items-center justify-end gap-2">
          <ColumnMenu columns={hideable} name={columnName} tableLabel={label} testId={testId} />
        </div>
      )}
      <Table aria-label={label} data-testid={testId} stack={stack}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta
                const direction = header.column.getIsSorted()
                return (
                  <TableHead
                    key={header.id}
                    className={cn(responsive(header.column, visibility), meta?.className)}
                    phone={meta?.phone}
                    aria-sort={
                      direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                    }
                  >
                    {header.isPlaceholder ? null : meta?.srOnlyHeader ? (
                      <span className="sr-only">{columnName(header.column)}</span>
                    ) : header.column.getCanSort() ? (
                      <SortButton
                        column={header.column}
                        direction={direction}
                        name={columnName(header.column)}
                      />
                    ) : (
                      columnName(header.column)
                    )}
                  </TableHead>
                )
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody className={dimmed ? 'opacity-60' : undefined}>
          {rows.map((row) => (
            <TableRow key={row.id} {...rowProps?.(row.original)}>
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta
                return (
                  <TableCell
                    key={cell.id}
                    className={cn(responsive(cell.column, visibility), meta?.className, meta?.cellClassName)}
                    data-testid={meta?.cellTestId}
                    phone={meta?.phone}
                    phoneLabel={meta?.phoneLabel ? columnName(cell.column) : undefined}
                  >
                    <table.FlexRender cell={cell} />
                  </TableCell>
                )
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="sr-only" aria-live="polite">
        {sorted
          ? sorted.desc
            ? t`Sorted by ${sortedName}, descending`
            : t`Sorted by ${sortedName}, ascending`
          : ''}
      </p>
      {pageCount > 1 && (
        <DataTablePagination
          page={table.state.pagination.pageIndex + 1}
          pages={pageCount}
          count={pages ? pages.count : table.getRowCount()}
          canPrevious={table.getCanPreviousPage()}
          canNext={table.getCanNextPage()}
          onPrevious={() => table.previousPage()}
          onNext={() => table.nextPage()}
          disabled={pages?.disabled}
          note={pages && sorted ? <Trans>Sorting applies to the rows on this page only.</Trans> : undefined}
        />
      )}
    </div>
  )
}

/**
 * A column that gives way on narrow screens does so until someone switches it on in the column
 * menu; then it shows on every screen width.
 */
function responsive<TData extends RowData>(
  column: Column<DataTableFeatures, TData, unknown>,
  visibility: ColumnVisibilityState,
) {
  const from = column.columnDef.meta?.from
  return from && visibility[column.id] !== true ? fromWidth[from] : undefined
}

function SortButton<TData extends RowData>({
  column,
  direction,
  name,
}: {
  column: Column<DataTableFeatures, TData, unknown>
  direction: false | 'asc' | 'desc'
  name: string
}) {
  const { t } = useLingui()
  const Icon = direction === 'asc' ? ArrowUpIcon : direction === 'desc' ? ArrowDownIcon : ArrowUpDownIcon
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      title={t`Sort by ${name}`}
      className={cn(
        '-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 uppercase',
        'hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
        direction && 'text-foreground',
      )}
      data-testid={`sort-${column.id}`}
    >
      {name}
      <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', !direction && 'opacity-50')} />
    </button>
  )
}

const loadColumnMenu = () => import('./data-table-column-menu.tsx')
const LazyColumnMenu = lazy(() => loadColumnMenu().then((m) => ({ default: m.ColumnMenu })))

/** The Columns button; its menu loads on first use (ui/deferred-menu.tsx). */
function ColumnMenu<TData extends RowData>({
  columns,
  name,
  tableLabel,
  testId,
}: {
  columns: Column<DataTableFeatures, TData, unknown>[]
  name: (column: Column<DataTableFeatures, TData, unknown>) => string
  tableLabel: string
  testId?: string
}) {
  const { t } = useLingui()
  const trigger = (
    <Button
      variant="outline"
      size="sm"
      aria-label={t`Columns of ${tableLabel}`}
      data-testid={testId ? `${testId}-columns` : undefined}
    >
      <Columns3Icon aria-hidden="true" />
      <Trans>Columns</Trans>
    </Button>
  )
  const choices: ColumnChoice[] = columns.map((column) => ({
    id: column.id,
    name: name(column),
    visible: column.getIsVisible(),
    toggle: (visible) => column.toggleVisibility(visible),
  }))
  return (
    <DeferredMenu trigger={trigger} preload={loadColumnMenu}>
      <LazyColumnMenu trigger={trigger} columns={choices} />
    </DeferredMenu>
  )
}

/**
 * Which columns someone chose to show or hide, kept per table in this browser. Read after the
 * first render, so the server's HTML and the first client render agree.
 */
function useStoredVisibility(id: string) {
  const key = `cardpay.table-columns.${id}`
  const [visibility, setVisibility] = useState<ColumnVisibilityState>({})
  useEffect(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown
      if (stored && typeof stored === 'object') setVisibility(stored as ColumnVisibilityState)
    } catch {
      // Unreadable or unavailable storage: every column as the table defines it.
    }
  }, [key])
  const update = (updater: Updater<ColumnVisibilityState>) =>
    setVisibility((current) => {
      const next = functionalUpdate(updater, current)
      try {
        localStorage.setItem(key, JSON.stringify(next))
      } catch {
        // The choice still holds for this visit.
      }
      return next
    })
  return [visibility, update] as const
}
