import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { BellRingIcon, PauseIcon, PlayIcon, PrinterIcon, Volume2Icon, WifiOffIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { orderNumber } from '~/lib/order-number.ts'
import {
  type BoardEvent,
  type FoodOrder,
  ordersKeys,
  ordersQueryOptions,
  pauseOrdering,
  pauseQueryOptions,
} from './api.ts'
import { OrderAlarm } from './beep.ts'
import { OrderDetailDialog } from './order-detail-dialog.tsx'
import {
  Money,
  OrderItems,
  OrderTicket,
  OrderType,
  RequestedTime,
  StatusBadge,
  usePrintTicket,
} from './order-parts.tsx'
import { StatusButtons } from './status-buttons.tsx'
import { useBoardStream } from './use-board-stream.ts'

const activeView = { active: true, page: 1, size: 200 } as const

/**
 * The kitchen board of one restaurant: the orders still to do (paid, cooking, out for delivery),
 * live over the board's stream. The active view is one query; each `order` event puts the order
 * into it by uuid (replaced, never added twice) or takes it out once it is done. A newly paid order
 * rings until someone acknowledges it (after "Enable sound": browsers need a gesture first).
 */
export function KitchenBoard({ program }: { program: string }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const key = ordersQueryOptions(program, activeView).queryKey
  const orders = useQuery(ordersQueryOptions(program, activeView))
  const [unseen, setUnseen] = useState<ReadonlySet<string>>(new Set())
  const [open, setOpen] = useState<string | null>(null)
  const { ticket, print } = usePrintTicket()
  const alarm = useRef<OrderAlarm | null>(null)
  const [sound, setSound] = useState(false)

  const { online } = useBoardStream(program, (event: BoardEvent) => {
    // A rejected court sub-order (refunded to the guest) leaves the board as a finished one does.
    const active = [3, 5, 6].includes(event.status) && !event.order.rejected_at
    queryClient.setQueryData(key, (page) => {
      if (!page) return page
      const rest = page.results.filter((o) => o.uuid !== event.order.uuid)
      const results = active
        ? [...rest, event.order].sort((a, b) => a.created.localeCompare(b.created))
        : rest
      return { ...page, results, count: results.length }
    })
    void queryClient.invalidateQueries({
      queryKey: ordersKeys.program(program),
      predicate: (q) => q.queryKey[2] !== 'list' || !(q.queryKey[3] as { active?: boolean }).active,
    })
    if (event.status === 3 && active) setUnseen((s) => new Set(s).add(event.order.uuid))
    else if (unseen.has(event.order.uuid)) acknowledge(event.order.uuid)
  })

  const acknowledge = (uuid: string) =>
    setUnseen((s) => {
      const next = new Set(s)
      next.delete(uuid)
      return next
    })

  // Ring while any new order waits to be acknowledged.
  useEffect(() => {
    if (unseen.size > 0 && sound) alarm.current?.ring()
    else alarm.current?.stop()
  }, [unseen, sound])
  useEffect(() => () => alarm.current?.close(), [])

  const enableSound = async () => {
    alarm.current ??= new OrderAlarm()
    const ok = await alarm.current.unlock()
    setSound(ok)
    if (!ok) notify.error(msg`This browser cannot play sound.`)
  }

  return (
    <div className="space-y-4" data-testid="kitchen-board">
      {!online && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800"
          data-testid="board-offline"
        >
          <WifiOffIcon aria-hidden="true" className="size-5 shrink-0" />
          <Trans>Offline: new orders cannot reach this screen. Reconnecting…</Trans>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {sound ? (
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm" data-testid="sound-on">
            <Volume2Icon aria-hidden="true" className="size-4" />
            <Trans>Sound is on for new orders.</Trans>
          </p>
        ) : (
          <Button type="button" variant="outline" size="lg" onClick={enableSound} data-testid="enable-sound">
            <Volume2Icon aria-hidden="true" />
            <Trans>Enable sound</Trans>
          </Button>
        )}
        <PauseSwitch program={program} />
      </div>
      {unseen.size > 0 && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <span className="flex items-center gap-2 font-medium">
            <BellRingIcon aria-hidden="true" className="size-5" />
            <Trans>New orders: {unseen.size}</Trans>
          </span>
          <Button type="button" size="lg" onClick={() => setUnseen(new Set())} data-testid="acknowledge">
            <Trans>Acknowledge</Trans>
          </Button>
        </div>
      )}
      {orders.isPending ? (
        <RowsSkeleton rows={4} />
      ) : orders.isError ? (
        <LoadError onRetry={() => orders.refetch()} />
      ) : orders.data.results.length === 0 ? (
        <EmptyState title={<Trans>No orders to prepare right now</Trans>}>
          <Trans>New paid orders appear here by themselves.</Trans>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label={i18n._(msg`Orders to prepare`)}>
          {orders.data.results.map((order) => (
            <BoardCard
              key={order.uuid}
              program={program}
              order={order}
              isNew={unseen.has(order.uuid)}
              onSeen={() => acknowledge(order.uuid)}
              onOpen={() => setOpen(order.uuid)}
              onPrint={() => print(order)}
            />
          ))}
        </ul>
      )}
      <OrderDetailDialog program={program} order={open} onClose={() => setOpen(null)} onPrint={print} />
      {ticket && <OrderTicket order={ticket} />}
    </div>
  )
}

function BoardCard({
  program,
  order,
  isNew,
  onSeen,
  onOpen,
  onPrint,
}: {
  program: string
  order: FoodOrder
  isNew: boolean
  onSeen: () => void
  onOpen: () => void
  onPrint: () => void
}) {
  return (
    <li data-testid="board-order" data-order-id={order.order_id}>
      <Card className={isNew ? 'border-amber-400 ring-2 ring-amber-300' : undefined}>
        <CardHeader className="gap-1">
          <CardTitle className="flex flex-wrap items-center justify-between gap-2 text-xl">
            <span>{orderNumber(order.order_id)}</span>
            <StatusBadge order={order} />
          </CardTitle>
          <p className="text-muted-foreground text-sm" data-testid="board-order-meta">
            {order.eat_in ? <Trans>Eat in</Trans> : <OrderType type={order.type} />} ·{' '}
            <RequestedTime order={order} />
            {order.name ? ` · ${order.name}` : null}
          </p>
        </CardHeader>
        <CardContent className="space-y-3">
          <OrderItems items={order.items} />
          {order.comments && <p className="rounded bg-muted px-2 py-1 text-sm">{order.comments}</p>}
          {order.address && <p className="text-sm">{order.address}</p>}
          <p className="font-semibold">
            <Money amount={order.total} currency={order.currency} />
          </p>
          <StatusButtons program={program} order={order} onMoved={onSeen} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={onOpen}>
              <Trans>Details</Trans>
            </Button>
            <Button type="button" variant="outline" onClick={onPrint}>
              <PrinterIcon aria-hidden="true" />
              <Trans>Print ticket</Trans>
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  )
}

/**
 * Pauses new orders until a minute the kitchen chooses (the restaurant's clock), or reopens.
 * Shows the pause the API reports (`GET …/pause`), so a reload or another screen sees the truth.
 */
function PauseSwitch({ program }: { program: string }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const [until, setUntil] = useState('')
  // The browser's clock: set after hydration so the server's render does not differ.
  useEffect(() => setUntil(inOneHour()), [])
  const pause = useQuery(pauseQueryOptions(program))
  const pausedUntil = pause.data && Date.parse(pause.data) > Date.now() ? pause.data : null
  const [busy, setBusy] = useState(false)
  const save = async (value: string | null) => {
    setBusy(true)
    try {
      const answer = await pauseOrdering(program, value)
      queryClient.setQueryData(pauseQueryOptions(program).queryKey, answer)
      notify.success(answer ? msg`New orders are paused.` : msg`New orders are welcome again.`)
    } catch (error) {
      notify.error(describeApiError(error))
    } finally {
      setBusy(false)
    }
  }
  if (pausedUntil) {
    const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(new Date(pausedUntil))
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="pause-on">
        <span className="font-medium">
          <Trans>Paused until {time}</Trans>
        </span>
        <Button type="button" size="lg" disabled={busy} onClick={() => save(null)}>
          <PlayIcon aria-hidden="true" />
          <Trans>Reopen now</Trans>
        </Button>
      </div>
    )
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        void save(until)
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`pause-until-${program}`}>
          <Trans>Pause new orders until</Trans>
        </Label>
        <Input
          id={`pause-until-${program}`}
          type="time"
          required
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          className="w-32"
        />
      </div>
      <Button type="submit" variant="outline" size="lg" disabled={busy} data-testid="pause">
        <PauseIcon aria-hidden="true" />
        <Trans>Pause</Trans>
      </Button>
    </form>
  )
}

function inOneHour(): string {
  const d = new Date(Date.now() + 3_600_000)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}
