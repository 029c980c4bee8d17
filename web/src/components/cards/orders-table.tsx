import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
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

/**
 * Card orders as a table, one row an order (`data-uuid`, `data-status`), with the columns the screen
 * asks for and, last, what can be done with an order (`action`). Fields are tested by
 * `{fieldPrefix}-number`, `-quantity`, `-amount`, `-status`, `-issued` and `-program`.
 */
export function CardOrdersTable({
  orders,
  columns,
  label,
  testId,
  rowTestId,
  fieldPrefix,
  dimmed,
  action,
}: {
  orders: CardOrder[]
  columns: OrderColumn[]
  /** The table's accessible name. */
  label: string
  testId?: string
  rowTestId: string
  fieldPrefix: string
  /** The rows are of the page before, while the next one loads. */
  dimmed: boolean
  action?: { label: ReactNode; className?: string; cell: (order: CardOrder) => ReactNode }
}) {
  return (
    <Table aria-label={label} data-testid={testId}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <OrderHead key={column} column={column} />
          ))}
          {action && (
            <TableHead className={action.className}>
              <span className="sr-only">{action.label}</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody className={dimmed ? 'opacity-60' : undefined}>
        {orders.map((order) => (
          <TableRow
            key={order.uuid}
            data-testid={rowTestId}
            data-uuid={order.uuid}
            data-status={order.status}
          >
            {columns.map((column) => (
              <OrderCell key={column} column={column} order={order} fieldPrefix={fieldPrefix} />
            ))}
            {action && <TableCell className="text-right">{action.cell(order)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function OrderHead({ column }: { column: OrderColumn }) {
  switch (column) {
    case 'order':
      return (
        <TableHead>
          <Trans context="card order">Order</Trans>
        </TableHead>
      )
    case 'number':
      return (
        <TableHead>
          <Trans context="card order">Number</Trans>
        </TableHead>
      )
    case 'date':
      return (
        <TableHead>
          <Trans>Date</Trans>
        </TableHead>
      )
    case 'program':
      return (
        <TableHead>
          <Trans>Program</Trans>
        </TableHead>
      )
    case 'quantity':
      return (
        <TableHead className="text-right">
          <Trans>Quantity</Trans>
        </TableHead>
      )
    case 'amount':
      return (
        <TableHead className="text-right">
          <Trans>Amount</Trans>
        </TableHead>
      )
    case 'status':
      return (
        <TableHead>
          <Trans>Status</Trans>
        </TableHead>
      )
    case 'issued':
    case 'issuedOf':
      return (
        <TableHead className={column === 'issuedOf' ? 'hidden text-right md:table-cell' : 'text-right'}>
          <Trans>Cards issued</Trans>
        </TableHead>
      )
  }
}

function OrderCell({
  column,
  order,
  fieldPrefix,
}: {
  column: OrderColumn
  order: CardOrder
  fieldPrefix: string
}) {
  const { i18n } = useLingui()
  const created = i18n.date(order.created, { dateStyle: 'medium', timeStyle: 'short' })
  const issued = i18n.number(order.cards_issued)
  const quantity = i18n.number(order.quantity)
  switch (column) {
    case 'order':
      return (
        <TableCell className="whitespace-nowrap">
          <span className="grid gap-0.5">
            <span className="font-mono text-[13px]" data-testid={`${fieldPrefix}-number`}>
              {order.number}
            </span>
            <time dateTime={order.created} className="text-xs text-muted-foreground">
              {created}
            </time>
          </span>
        </TableCell>
      )
    case 'number':
      return (
        <TableCell className="font-mono text-[13px]" data-testid={`${fieldPrefix}-number`}>
          {order.number}
        </TableCell>
      )
    case 'date':
      return (
        <TableCell>
          <time dateTime={order.created}>{created}</time>
        </TableCell>
      )
    case 'program':
      return (
        <TableCell className="max-w-64 whitespace-normal">
          <Link
            to="/programs/$uuid"
            params={{ uuid: order.program_uuid }}
            className="font-medium text-foreground hover:text-primary-700 hover:underline"
            data-testid={`${fieldPrefix}-program`}
          >
            {order.program_title}
          </Link>
        </TableCell>
      )
    case 'quantity':
      return (
        <TableCell className="text-right tabular-nums" data-testid={`${fieldPrefix}-quantity`}>
          {quantity}
        </TableCell>
      )
    case 'amount':
      return (
        <TableCell className="text-right font-medium">
          <Money amount={order.amount} currency={order.currency} testId={`${fieldPrefix}-amount`} />
        </TableCell>
      )
    case 'status':
      return (
        <TableCell>
          <OrderStatusBadge status={order.status} testId={`${fieldPrefix}-status`} />
        </TableCell>
      )
    case 'issued':
      return (
        <TableCell className="text-right tabular-nums" data-testid={`${fieldPrefix}-issued`}>
          {issued}
        </TableCell>
      )
    case 'issuedOf':
      return (
        <TableCell
          className="hidden text-right tabular-nums md:table-cell"
          data-testid={`${fieldPrefix}-issued`}
        >
          {order.status === 'paid' ? (
            <Trans>
              {issued} of {quantity}
            </Trans>
          ) : (
            <span className="text-muted-foreground">–</span>
          )}
        </TableCell>
      )
  }
}
