import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react'
import { useState } from 'react'
import { NativeSelect } from '~/components/food-owner/form-parts.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { formatMoney } from '~/lib/money.ts'
import {
  invitesQueryOptions,
  ownStatementQueryOptions,
  type StatementLine,
  statementQueryOptions,
} from './api.ts'
import { useCourtToday } from './court-today.ts'
import { courtErrorMessage } from './errors.ts'

const kindNames: Record<StatementLine['kind'], MessageDescriptor> = {
  order: msg`Order part`,
  food_court_fee: msg`Food court fee`,
  refund: msg`Refund`,
  payout: msg`Payout`,
}

/**
 * The settlement statement of one restaurant of the court for a period (issue 16, "Deliver" 6): its
 * orders' parts, the court's fees, refunds and payouts, each line with its ledger entry; the totals
 * against the ledger, shown as reconciled or with the difference.
 */
export function StatementSection({
  court,
  own,
  currency,
}: {
  /** The court owner's view: one of the court's restaurants, chosen here. */
  court?: string
  /** A restaurant's own statement of its court orders. */
  own?: string
  currency: string
}) {
  const { i18n } = useLingui()
  const key = court ?? own ?? ''
  const restaurants = useQuery({ ...invitesQueryOptions(key, 'active', '', 1), enabled: Boolean(court) })
  const [chosen, setChosen] = useState('')
  const today = useCourtToday(court)
  const [chosenFrom, setFrom] = useState<string>()
  const [chosenTo, setTo] = useState<string>()
  const from = chosenFrom ?? `${today.slice(0, 8)}01`
  const to = chosenTo ?? today
  const restaurant = own ?? (chosen || restaurants.data?.results[0]?.program_uuid || '')
  const valid = from !== '' && to !== '' && from <= to
  const statement = useQuery({
    ...(own ? ownStatementQueryOptions(own, from, to) : statementQueryOptions(key, restaurant, from, to)),
    enabled: Boolean(restaurant) && valid,
  })
  const money = (n: number) => formatMoney(n, statement.data?.currency ?? currency, i18n.locale)
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' })

  return (
    <Card data-testid={own ? 'restaurant-statement' : 'court-statement'}>
      <CardHeader>
        <CardTitle>
          <Trans>Settlement statement</Trans>
        </CardTitle>
        <CardDescription>
          {own ? (
            <Trans>
              Your food court orders of a period: your parts, the food courts' fees, refunds and payouts, each
              with its ledger entry, reconciled with the ledger.
            </Trans>
          ) : (
            <Trans>
              Per restaurant and period: its order parts, the food court's fees, refunds and payouts, each
              with its ledger entry, reconciled with the ledger.
            </Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-3">
          {court && (
            <div className="grid gap-1">
              <Label htmlFor={`statement-restaurant-${court}`}>
                <Trans>Restaurant</Trans>
              </Label>
              <NativeSelect
                id={`statement-restaurant-${court}`}
                value={restaurant}
                onChange={(e) => setChosen(e.target.value)}
                data-testid="statement-restaurant"
              >
                {(restaurants.data?.results ?? []).map((r) => (
                  <option key={r.program_uuid} value={r.program_uuid}>
                    {r.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className="grid gap-1">
            <Label htmlFor={`statement-from-${key}`}>
              <Trans>From</Trans>
            </Label>
            <Input
              id={`statement-from-${key}`}
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`statement-to-${key}`}>
              <Trans>To</Trans>
            </Label>
            <Input
              id={`statement-to-${key}`}
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
        </div>
        {!restaurant ? (
          restaurants.isPending ? (
            <RowsSkeleton rows={2} />
          ) : (
            <p className="text-sm text-muted-foreground">
              <Trans>No restaurant has joined the food court yet.</Trans>
            </p>
          )
        ) : !valid ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Choose a start date on or before the end date.</Trans>
          </p>
        ) : statement.isPending ? (
          <RowsSkeleton rows={4} />
        ) : statement.isError ? (
          <LoadError onRetry={() => statement.refetch()}>
            {i18n._(courtErrorMessage(statement.error))}
          </LoadError>
        ) : (
          <>
            {statement.data.lines.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <Trans>Nothing in this period.</Trans>
              </p>
            ) : (
              <section
                className="overflow-x-auto rounded-md border"
                aria-label={i18n._(msg`Statement lines`)}
                // A region that scrolls is reachable by keyboard.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
                tabIndex={0}
              >
                <table className="w-full min-w-[34rem] text-sm" data-testid="statement-lines">
                  <thead className="bg-muted/50 text-muted-foreground">
                    <tr>
                      <th className="px-3 py-2 text-start font-medium">
                        <Trans>Date</Trans>
                      </th>
                      <th className="px-3 py-2 text-start font-medium">
                        <Trans>What</Trans>
                      </th>
                      <th className="px-3 py-2 text-start font-medium">
                        <Trans>Order</Trans>
                      </th>
                      <th className="px-3 py-2 text-end font-medium">
                        <Trans>Amount</Trans>
                      </th>
                      <th className="px-3 py-2 text-start font-medium">
                        <Trans>Ledger entry</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {statement.data.lines.map((line, i) => (
                      <tr
                        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
                        key={i}
                        className="border-t"
                        data-testid="statement-line"
                        data-kind={line.kind}
                      >
                        <td className="px-3 py-2 whitespace-nowrap">{day.format(new Date(line.date))}</td>
                        <td className="px-3 py-2">{i18n._(kindNames[line.kind] ?? kindNames.order)}</td>
                        <td className="px-3 py-2 tabular-nums">{line.sub_order_id}</td>
                        <td className="px-3 py-2 text-end tabular-nums">{money(line.amount)}</td>
                        <td className="px-3 py-2 font-mono text-xs">
                          {line.ledger_entry
                            ? (line.ledger_entry.number ?? line.ledger_entry.uuid.slice(0, 8))
                            : '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
            <dl className="grid gap-3 text-sm sm:grid-cols-5" data-testid="statement-totals">
              <Total label={<Trans>Order parts</Trans>} value={money(statement.data.totals.orders)} />
              <Total
                label={<Trans>Food court fees</Trans>}
                value={money(statement.data.totals.food_court_fees)}
                testId="statement-court-fees"
              />
              <Total label={<Trans>Refunds</Trans>} value={money(statement.data.totals.refunds)} />
              <Total
                label={<Trans>Payouts</Trans>}
                value={money(statement.data.totals.payouts)}
                testId="statement-payouts"
              />
              <Total label={<Trans>Still to pay out</Trans>} value={money(statement.data.totals.held)} />
            </dl>
            {statement.data.ledger.reconciled ? (
              <p
                className="flex items-center gap-2 text-sm text-green-800"
                data-testid="statement-reconciled"
              >
                <CheckCircle2Icon aria-hidden="true" className="size-4" />
                <Trans>Reconciled with the ledger</Trans>
              </p>
            ) : (
              <p
                className="flex items-center gap-2 text-sm text-destructive"
                data-testid="statement-difference"
              >
                <TriangleAlertIcon aria-hidden="true" className="size-4" />
                <Trans>Difference with the ledger: {money(statement.data.ledger.difference)}</Trans>
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function Total({ label, value, testId }: { label: React.ReactNode; value: string; testId?: string }) {
  return (
    <div className="grid gap-0.5" data-testid={testId}>
      <dt className="text-[13px] text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  )
}
