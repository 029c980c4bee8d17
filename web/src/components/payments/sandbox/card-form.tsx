import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CreditCardIcon, LoaderCircleIcon } from 'lucide-react'
import { useId } from 'react'
import { z } from 'zod'
import { Money } from '~/components/finances/amount.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { testCardLabel } from '../messages.ts'
import { formatCardNumber, formatCvc, formatExpiry, futureExpiry } from './card-format.ts'
import type { SandboxActionMutation } from './checkout-page.tsx'
import type { SandboxCheckout } from './queries.ts'

/**
 * What the page checks before sending: a whole number, an expiry `MM / YY` of a real month and
 * three CVC digits, in the provider's words. Whether the number passes the Luhn check and the card
 * has not expired is the provider's to say: its refusal lands under the same fields.
 */
const cardSchema = z.object({
  card_number: z.string().refine((v) => v.replace(/\D/g, '').length === 16, {
    error: msg`The card number is not valid`.id,
  }),
  expiry: z.string().refine((v) => /^(0[1-9]|1[0-2]) \/ \d{2}$/.test(v), {
    error: msg`The expiration date is not valid`.id,
  }),
  cvc: z.string().refine((v) => /^\d{3}$/.test(v), { error: msg`The cvc code is not valid`.id }),
  holder: z.string().trim(),
})

/**
 * The card form of the hosted page: number, expiry and CVC formatted as typed, the provider's
 * messages under each field when it refuses them, and the sandbox's test cards to fill in with a
 * click. The card data goes to the provider's API and nowhere else: not in the URL, not stored here.
 */
export function CardForm({ checkout, action }: { checkout: SandboxCheckout; action: SandboxActionMutation }) {
  const { t } = useLingui()
  const hydrated = useHydrated()
  const ids = useId()
  const form = useZodForm(cardSchema, {
    defaultValues: { card_number: '', expiry: '', cvc: '', holder: '' },
    mode: 'onSubmit',
  })
  const showFieldErrors = useFieldErrors(form)
  const busy = !hydrated || action.isPending || form.formState.isSubmitting

  const submit = form.handleSubmit(async ({ card_number, expiry, cvc, holder }) => {
    try {
      await action.mutateAsync({
        action: 'card',
        body: { card_number, expiry, cvc, ...(holder ? { holder } : {}) },
      })
      // A declined card leaves the page open: the CVC goes, as on any payment page.
      form.setValue('cvc', '')
    } catch (error) {
      // Anything but a refusal of the fields is said by the page's action (a toast, a reload).
      showFieldErrors(error)
    }
  })

  const fillTestCard = (cardNumber: string) => {
    form.clearErrors()
    form.setValue('card_number', formatCardNumber(cardNumber))
    // A typed complete expiry stays; anything else becomes one that works.
    if (!/^\d{2} \/ \d{2}$/.test(form.getValues('expiry'))) form.setValue('expiry', futureExpiry())
  }

  return (
    <div className="grid gap-6">
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" data-testid="sandbox-card-form">
          <fieldset disabled={busy} className="grid gap-4">
            <FormField
              control={form.control}
              name="card_number"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Card number</Trans>
                  </FormLabel>
                  <div className="relative">
                    <FormControl>
                      <Input
                        name="cardnumber"
                        inputMode="numeric"
                        autoComplete="cc-number"
                        placeholder="1234 1234 1234 1234"
                        ref={field.ref}
                        value={field.value}
                        onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
                        onBlur={field.onBlur}
                        className="pr-10 font-mono tabular-nums"
                        data-testid="sandbox-card-number"
                      />
                    </FormControl>
                    <CreditCardIcon
                      aria-hidden="true"
                      className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
                    />
                  </div>
                  <FormMessage className="text-red-700" data-testid="sandbox-card-number-error" />
                </FormItem>
              )}
            />
            <div className="grid grid-cols-2 gap-3">
              <FormField
                control={form.control}
                name="expiry"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>
                      <Trans>Expiry date</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input
                        name="exp-date"
                        inputMode="numeric"
                        autoComplete="cc-exp"
                        placeholder={t`MM / YY`}
                        ref={field.ref}
                        value={field.value}
                        onChange={(e) => field.onChange(formatExpiry(e.target.value))}
                        onBlur={field.onBlur}
                        className="font-mono tabular-nums"
                        data-testid="sandbox-card-expiry"
                      />
                    </FormControl>
                    <FormMessage className="text-red-700" data-testid="sandbox-card-expiry-error" />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="cvc"
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>
                      <Trans>CVC</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input
                        name="cvc"
                        inputMode="numeric"
                        autoComplete="cc-csc"
                        placeholder="123"
                        ref={field.ref}
                        value={field.value}
                        onChange={(e) => field.onChange(formatCvc(e.target.value))}
                        onBlur={field.onBlur}
                        className="font-mono tabular-nums"
                        data-testid="sandbox-card-cvc"
                      />
                    </FormControl>
                    <FormMessage className="text-red-700" data-testid="sandbox-card-cvc-error" />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="holder"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Name on card (optional)</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input autoComplete="cc-name" maxLength={100} {...field} name="ccname" />
                  </FormControl>
                  <FormMessage className="text-red-700" />
                </FormItem>
              )}
            />
          </fieldset>
          <Button
            type="submit"
            variant={null}
            size="lg"
            className="w-full bg-slate-900 text-primary-foreground shadow-sm shadow-primary-900/10 hover:bg-slate-800 active:bg-slate-700"
            disabled={busy}
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
      </Form>

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
                  disabled={busy}
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
