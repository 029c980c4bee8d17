import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { CreditCardIcon, LoaderCircleIcon } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { ApiError } from '~/lib/api.ts'
import { fieldErrorMessage } from '~/lib/api-messages.ts'
import { testCardLabel } from '../messages.ts'
import { formatCardNumber, formatCvc, formatExpiry, futureExpiry } from './card-format.ts'
import type { SandboxActionMutation } from './checkout-page.tsx'
import type { SandboxCheckout } from './queries.ts'

type Field = 'card_number' | 'expiry' | 'cvc'

/**
 * The card form of the hosted page: number, expiry and CVC formatted as typed, the provider's
 * messages under each field when it refuses them, and the sandbox's test cards to fill in with a
 * click. The card data goes to the provider's API and nowhere else: not in the URL, not stored here.
 */
export function CardForm({ checkout, action }: { checkout: SandboxCheckout; action: SandboxActionMutation }) {
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const ids = useId()
  const [number, setNumber] = useState('')
  const [expiry, setExpiry] = useState('')
  const [cvc, setCvc] = useState('')
  const [holder, setHolder] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, MessageDescriptor>>>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    action.mutate(
      {
        action: 'card',
        body: { card_number: number, expiry, cvc, ...(holder.trim() ? { holder: holder.trim() } : {}) },
      },
      {
        // A declined card leaves the page open: the CVC goes, as on any payment page.
        onSuccess: () => setCvc(''),
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400) return
          const next: Partial<Record<Field, MessageDescriptor>> = {}
          for (const field of ['card_number', 'expiry', 'cvc'] as const) {
            const message = fieldErrorMessage(error, field, i18n.locale)
            if (message) next[field] = message
          }
          setErrors(next)
        },
      },
    )
  }

  const fillTestCard = (cardNumber: string) => {
    setNumber(formatCardNumber(cardNumber))
    // A typed complete expiry stays; anything else becomes one that works.
    if (!/^\d{2} \/ \d{2}$/.test(expiry)) setExpiry(futureExpiry())
    setErrors({})
  }
  /** A field's message goes as soon as the field is changed. */
  const edited = (field: Field) => {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest)
  }

  const fieldProps = (field: Field) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids}-${field}-error` : undefined,
  })
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${ids}-${field}-error`} role="alert" className="text-[13px] font-medium text-red-700">
        {i18n._(errors[field])}
      </p>
    ) : null

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="sandbox-card-form">
        <fieldset disabled={!hydrated || action.isPending} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-number`}>
              <Trans>Card number</Trans>
            </Label>
            <div className="relative">
              <Input
                id={`${ids}-number`}
                name="cardnumber"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                value={number}
                onChange={(e) => {
                  setNumber(formatCardNumber(e.target.value))
                  edited('card_number')
                }}
                className="pr-10 font-mono tabular-nums"
                data-testid="sandbox-card-number"
                {...fieldProps('card_number')}
              />
              <CreditCardIcon
                aria-hidden="true"
                className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
              />
            </div>
            {fieldError('card_number')}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid content-start gap-2">
              <Label htmlFor={`${ids}-expiry`}>
                <Trans>Expiry date</Trans>
              </Label>
              <Input
                id={`${ids}-expiry`}
                name="exp-date"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder={t`MM / YY`}
                value={expiry}
                onChange={(e) => {
                  setExpiry(formatExpiry(e.target.value))
                  edited('expiry')
                }}
                className="font-mono tabular-nums"
                data-testid="sandbox-card-expiry"
                {...fieldProps('expiry')}
              />
              {fieldError('expiry')}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={`${ids}-cvc`}>
                <Trans>CVC</Trans>
              </Label>
              <Input
                id={`${ids}-cvc`}
                name="cvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                value={cvc}
                onChange={(e) => {
                  setCvc(formatCvc(e.target.value))
                  edited('cvc')
                }}
                className="font-mono tabular-nums"
                data-testid="sandbox-card-cvc"
                {...fieldProps('cvc')}
              />
              {fieldError('cvc')}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-holder`}>
              <Trans>Name on card (optional)</Trans>
            </Label>
            <Input
              id={`${ids}-holder`}
              name="ccname"
              autoComplete="cc-name"
              maxLength={100}
              value={holder}
              onChange={(e) => setHolder(e.target.value)}
            />
          </div>
        </fieldset>
        <Button
          type="submit"
          size="lg"
          className="w-full bg-slate-900 hover:bg-slate-800 active:bg-slate-700"
          disabled={!hydrated || action.isPending}
          aria-busy={action.isPending}
          data-testid="sandbox-card-pay"
        >
          {action.isPending ? (
            <>
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              <Trans>Processing…</Trans>
            </>
          ) : (
            <span>
              <Trans>
                Pay <Money amount={checkout.amount} currency={checkout.currency} />
              </Trans>
            </span>
          )}
        </Button>
      </form>

      {checkout.test_cards.length > 0 && (
        <section
          aria-labelledby={`${ids}-test-cards`}
          className="grid gap-2 rounded-xl border border-dashed border-amber-300 bg-amber-50/60 p-4"
          data-testid="sandbox-test-cards"
        >
          <h3 id={`${ids}-test-cards`} className="text-sm font-semibold text-amber-900">
            <Trans>Test cards</Trans>
          </h3>
          <p className="text-[13px] text-amber-900/80">
            <Trans>Click a card to fill it in. Any future expiry date and any three-digit CVC work.</Trans>
          </p>
          <ul className="grid gap-1">
            {checkout.test_cards.map((card) => (
              <li key={card.number}>
                <button
                  type="button"
                  disabled={!hydrated || action.isPending}
                  onClick={() => fillTestCard(card.number)}
                  className="flex w-full flex-wrap items-center justify-between gap-x-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-amber-100 focus-visible:ring-[3px] focus-visible:ring-amber-400/50 focus-visible:outline-none disabled:opacity-60"
                  data-testid="sandbox-test-card"
                >
                  <span className="font-mono tabular-nums">{card.number}</span>
                  <TestCardLabel card={card} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function TestCardLabel({ card }: { card: { brand: string; outcome: string; label: string } }) {
  const { i18n } = useLingui()
  const known = testCardLabel(card)
  return <span className="text-[13px] text-amber-900/80">{known ? i18n._(known) : card.label}</span>
}
