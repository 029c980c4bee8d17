import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LoaderCircleIcon, LockIcon, PencilIcon, SaveIcon, ShoppingCartIcon } from 'lucide-react'
import { useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button, type ButtonProps } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { notify } from '~/lib/notify.tsx'
import { cardErrorMessage } from './card-errors.ts'
import { cardTypePricesQueryOptions, priceOf, programCardQueryOptions } from './card-queries.ts'
import { CardSettingsForm } from './card-settings.tsx'
import { CardSummary, SavedCardPreview } from './card-summary.tsx'
import { EditCardDetailsButton } from './edit-card-details.tsx'
import { type Program, programStatuses } from './queries.ts'

/**
 * A card program's card on its page: the card face and its settings, the price of one card, and
 * for the owner "Order cards" and editing. While no order is paid every setting can change; after
 * that only title, description and image (docs/cards.md), so the edit is a small dialog then.
 */
export function CardSection({ program, isOwner }: { program: Program; isOwner: boolean }) {
  const { i18n } = useLingui()
  const card = useQuery(programCardQueryOptions(program.uuid))
  const prices = useQuery(cardTypePricesQueryOptions(program.currency))
  const [editing, setEditing] = useState(false)
  const currency = program.currency
  const active = program.status.id === programStatuses.active
  const blocked = program.status.id === programStatuses.blocked
  const canEdit = isOwner && !blocked
  const price = card.data ? priceOf(prices.data?.results, card.data.type.id, program.currency) : undefined

  return (
    <Card data-testid="program-card">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>
              <Trans context="card program">Card</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>The card of this program, as card holders see it.</Trans>
            </CardDescription>
          </div>
          {isOwner && active && <OrderCardsButton program={program} testId="order-cards" />}
        </div>
      </CardHeader>
      <CardContent>
        {card.isPending ? (
          <RowsSkeleton rows={4} />
        ) : card.isError ? (
          <LoadError onRetry={() => card.refetch()}>{i18n._(cardErrorMessage(card.error))}</LoadError>
        ) : !card.data ? (
          <p className="text-sm text-muted-foreground" data-testid="program-card-missing">
            <Trans>This program has no card yet.</Trans>
          </p>
        ) : editing && !card.data.locked ? (
          <CardSettingsForm
            program={program}
            card={card.data}
            onSaved={() => {
              notify.success(msg`Card saved`)
              setEditing(false)
            }}
            buttons={({ submitting, disabled }) => (
              <div className="flex flex-wrap justify-end gap-2 border-t pt-5">
                <Button variant="ghost" onClick={() => setEditing(false)} disabled={submitting}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button
                  type="submit"
                  disabled={disabled}
                  aria-busy={submitting}
                  data-testid="card-settings-save"
                >
                  {submitting ? (
                    <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                  ) : (
                    <SaveIcon aria-hidden="true" />
                  )}
                  <Trans>Save card</Trans>
                </Button>
              </div>
            )}
          />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(16rem,24rem)_minmax(0,1fr)]">
            <SavedCardPreview program={program} card={card.data} className="mx-auto lg:mx-0" />
            <div className="grid content-start gap-5">
              <CardSummary program={program} card={card.data} />
              <p className="text-sm" data-testid="program-card-price">
                {price ? (
                  <Trans>
                    Price per card: <Money amount={price.price} currency={program.currency} /> plus{' '}
                    <Money amount={price.vat} currency={program.currency} /> VAT.
                  </Trans>
                ) : prices.isSuccess ? (
                  <span className="text-muted-foreground">
                    <Trans>No price per card is set in {currency} yet.</Trans>
                  </span>
                ) : null}
              </p>
              {canEdit && (
                <div className="flex flex-wrap items-center gap-3">
                  {card.data.locked ? (
                    <>
                      <EditCardDetailsButton program={program} card={card.data} />
                      <p
                        className="flex items-center gap-1.5 text-[13px] text-muted-foreground"
                        data-testid="program-card-locked"
                      >
                        <LockIcon aria-hidden="true" className="size-3.5" />
                        <Trans>Cards are paid for: value, use and validity are fixed.</Trans>
                      </p>
                    </>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(true)}
                      data-testid="card-edit-settings"
                    >
                      <PencilIcon aria-hidden="true" />
                      <Trans>Edit card</Trans>
                    </Button>
                  )}
                </div>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

/** "Order cards": to the program's order page (/programs/{uuid}/order). */
export function OrderCardsButton({
  program,
  size,
  testId,
}: {
  program: Program
  size?: ButtonProps['size']
  testId?: string
}) {
  return (
    <Button size={size} asChild data-testid={testId}>
      <Link to="/programs/$uuid/order" params={{ uuid: program.uuid }}>
        <ShoppingCartIcon aria-hidden="true" />
        <Trans>Order cards</Trans>
      </Link>
    </Button>
  )
}
