import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ColumnDef } from '@tanstack/react-table'
import { createContext, type ReactNode, useContext } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import {
  DataTable,
  type DataTableFeatures,
  dataColumns,
  type ServerPages,
} from '~/components/ui/data-table.tsx'
import { OrderStatusBadge } from './labels.tsx'
import type { CardOrder } from './queries.ts'

/**
 * The columns a card order table can show: `order` is the number with the date under it, `number`
 * and `date` the two apart; `issued` counts the issued cards, `issuedOf` says "2 of 2" for a paid
 * order (a dash before) and gives way on narrow screens.
 */
export type OrderColumn =
  | 'order'
  | 'number'
  | 'date'
  | 'program'
  | 'quantity'
  | 'amount'
  | 'status'
  | 'issued'
  | 'issuedOf'

/** What can be done with an order, in the last column: its name (read by screen readers) and its cell. */
export interface OrderAction {
  label: MessageDescriptor
  className?: string
  cell: (order: CardOrder) => ReactNode
}

const ActionContext = createContext<OrderAction | undefined>(undefined)

/**
 * Card orders as a data table, one row an order (`data-uuid`, `data-status`), with the columns the
 * screen asks for and, last, what can be done with an order (`action`). Fields are tested by
 * `{fieldPrefix}-number`, `-quantity`, `-amount`, `-status`, `-issued` and `-program`.
 */
export function CardOrdersTable({
  id,
  orders,
  columns,
  label,
  testId,
  rowTestId,
  fieldPrefix,
  dimmed,
  action,
  pages,
}: {
  /** Names the table where its column choice is kept. */
  id: string
  orders: CardOrder[]
  columns: OrderColumn[]
  /** The table's accessible name. */
  label: string
  testId?: string
  rowTestId: string
  fieldPrefix: string
  /** The rows are of the page before, while the next one loads. */
  dimmed: boolean
  action?: OrderAction
  pages: ServerPages
}) {
  return (
    <ActionContext.Provider value={action}>
      <DataTable
        id={id}
        data={orders}
        columns={orderColumns(columns, fieldPrefix, action)}
        getRowId={(order) => order.uuid}
        label={label}
        testId={testId}
        dimmed={dimmed}
        pages={pages}
        rowProps={(order) => ({
          'data-testid': rowTestId,
          'data-uuid': order.uuid,
          'data-status': order.status,
        })}
      />
    </ActionContext.Provider>
  )
}

const column = dataColumns<CardOrder>()

/** Column definitions stay the same objects for the same choice, as TanStack Table wants them stable. */
const made = new Map<string, ReturnType<typeof makeColumns>>()

function orderColumns(columns: OrderColumn[], prefix: string, action: OrderAction | undefined) {
  const key = [prefix, action?.label.id, action?.className, ...columns].join('|')
  let defs = made.get(key)
  if (!defs) {
    defs = makeColumns(columns, prefix, action && { label: action.label, className: action.className })
    made.set(key, defs)
  }
  return defs
}

function makeColumns(
  columns: OrderColumn[],
  prefix: string,
  action: Pick<OrderAction, 'label' | 'className'> | undefined,
) {
  const defs = columns.map((name) => orderColumn(name, prefix))
  if (action) {
    defs.push(
      column.display({
        id: 'action',
        enableHiding: false,
        meta: {
          label: action.label,
          className: action.className,
          cellClassName: 'text-right',
          srOnlyHeader: true,
          phone: 'action',
        },
        cell: ({ row }) => <ActionCell order={row.original} />,
      }),
    )
  }
  return defs
}

// biome-ignore lint/suspicious/noExplicitAny: a column of any value type, as the data table takes them
function orderColumn(name: OrderColumn, prefix: string): ColumnDef<DataTableFeatures, CardOrder, any> {
  switch (name) {
    case 'order':
      return column.accessor('number', {
        id: 'order',
        meta: {
          label: msg({ message: 'Order', context: 'card order' }),
          cellClassName: 'whitespace-nowrap',
          phone: 'title',
        },
        sortFn: 'basic',
        sortDescFirst: true,
        cell: ({ row }) => (
          <span className="grid gap-0.5">
            <span className="font-mono text-[13px]" data-testid={`${prefix}-number`}>
              {row.original.number}
            </span>
            <OrderCreated order={row.original} className="text-xs text-muted-foreground" />
          </span>
        ),
      })
    case 'number':
      return column.accessor('number', {
        meta: {
          label: msg({ message: 'Number', context: 'card order' }),
          cellClassName: 'font-mono text-[13px]',
          cellTestId: `${prefix}-number`,
          phone: 'title',
          phoneLabel: true,
        },
        sortFn: 'basic',
        sortDescFirst: true,
      })
    case 'date':
      return column.accessor('created', {
        id: 'date',
        meta: { label: msg`Date` },
        sortFn: 'datetime',
        sortDescFirst: true,
        cell: ({ row }) => <OrderCreated order={row.original} />,
      })
    case 'program':
      return column.accessor('program_title', {
        id: 'program',
        meta: { label: msg`Program`, cellClassName: 'max-w-64 whitespace-normal' },
        sortFn: 'text',
        cell: ({ row }) => (
          <Link
            to="/programs/$uuid"
            params={{ uuid: row.original.program_uuid }}
            className="font-medium text-foreground hover:text-primary-700 hover:underline"
            data-testid={`${prefix}-program`}
          >
            {row.original.program_title}
          </Link>
        ),
      })
    case 'quantity':
      return column.accessor('quantity', {
        meta: {
          label: msg`Quantity`,
          className: 'text-right',
          phoneLabel: true,
          cellClassName: 'tabular-nums',
          cellTestId: `${prefix}-quantity`,
        },
        sortFn: 'basic',
        cell: ({ getValue }) => <Count value={getValue()} />,
      })
    case 'amount':
      return column.accessor('amount', {
        meta: { label: msg`Amount`, className: 'text-right', cellClassName: 'font-medium', phone: 'amount' },
        sortFn: 'basic',
        cell: ({ row }) => (
          <Money amount={row.original.amount} currency={row.original.currency} testId={`${prefix}-amount`} />
        ),
      })
    case 'status':
      return column.accessor('status', {
        meta: { label: msg`Status` },
        sortFn: 'text',
        cell: ({ getValue }) => <OrderStatusBadge status={getValue()} testId={`${prefix}-status`} />,
      })
    case 'issued':
      return column.accessor('cards_issued', {
        id: 'issued',
        meta: {
          label: msg`Cards issued`,
          className: 'text-right',
          phoneLabel: true,
          cellClassName: 'tabular-nums',
          cellTestId: `${prefix}-issued`,
        },
        sortFn: 'basic',
        cell: ({ getValue }) => <Count value={getValue()} />,
      })
    case 'issuedOf':
      return column.accessor('cards_issued', {
        id: 'issued',
        meta: {
          label: msg`Cards issued`,
          from: 'md',
          className: 'text-right',
          phoneLabel: true,
          cellClassName: 'tabular-nums',
          cellTestId: `${prefix}-issued`,
        },
        sortFn: 'basic',
        cell: ({ row }) => <IssuedOf order={row.original} />,
      })
  }
}

function OrderCreated({ order, className }: { order: CardOrder; className?: string }) {
  const { i18n } = useLingui()
  return (
    <time dateTime={order.created} className={className}>
      {i18n.date(order.created, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  )
}

function Count({ value }: { value: number }) {
  const { i18n } = useLingui()
  return i18n.number(value)
}

function IssuedOf({ order }: { order: CardOrder }) {
  const { i18n } = useLingui()
  const issued = i18n.number(order.cards_issued)
  const quantity = i18n.number(order.quantity)
  return order.status === 'paid' ? (
    <Trans>
      {issued} of {quantity}
    </Trans>
  ) : (
    <span className="text-muted-foreground">–</span>
  )
}

function ActionCell({ order }: { order: CardOrder }) {
  const action = useContext(ActionContext)
  return action ? action.cell(order) : null
}
