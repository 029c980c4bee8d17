import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon } from 'lucide-react'
import { useMemo } from 'react'
import { z } from 'zod'
import { formatAmountInput, parseAmountInput } from '~/components/payments/money-input.ts'
import { Button } from '~/components/ui/button.tsx'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { formatMoney } from '~/lib/money.ts'
import { notify } from '~/lib/notify.tsx'
import { examplePlaceholder } from '~/lib/placeholder.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { maxCardPriceMinor, vatOn } from './price-button.tsx'
import { type CardType, cardKeys, setCardTypePrice } from './queries.ts'

/**
 * The price form of PriceDialog (price-button.tsx), loaded when the dialog opens: an admin sets
 * what one card of a type costs a program owner in a currency, in the currency's units as people
 * write them (`0,50`), excluding VAT; the price including VAT follows as they type.
 */
export function PriceForm({
  type,
  name,
  currency,
  price,
  vatRate,
  onDone,
}: {
  type: CardType
  name: string
  currency: string
  price: number | undefined
  vatRate: number
  onDone: () => void
}) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const schema = useMemo(
    () =>
      z.object({
        price: z
          .string()
          .trim()
          .min(1, { error: msg`Enter a price.`.id })
          .refine((v) => parseAmountInput(v, currency, i18n.locale) !== undefined, {
            error: msg`Enter a price such as 0.50.`.id,
          })
          .refine((v) => (parseAmountInput(v, currency, i18n.locale) ?? 0n) <= maxCardPriceMinor, {
            error: msg`This price is too high for one card.`.id,
          }),
      }),
    [currency, i18n.locale],
  )
  const form = useZodForm(schema, {
    defaultValues: { price: price === undefined ? '' : formatAmountInput(price, currency, i18n.locale) },
  })
  const typed = form.watch('price')
  const parsed = parseAmountInput(typed ?? '', currency, i18n.locale)
  const preview =
    parsed !== undefined && parsed <= maxCardPriceMinor
      ? (() => {
          const net = Number(parsed)
          const vat = vatOn(net, vatRate)
          return {
            vat: formatMoney(vat, currency, i18n.locale),
            gross: formatMoney(net + vat, currency, i18n.locale),
          }
        })()
      : undefined
  const rate = i18n.number(vatRate, { maximumFractionDigits: 2 })
  const vatText = preview?.vat ?? ''
  const grossText = preview?.gross ?? ''
  // The price and its currency are one input here.
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => (path === 'price' || path === 'currency' ? 'price' : undefined),
  })
  const submitting = form.formState.isSubmitting

  const submit = form.handleSubmit(async (values) => {
    const minor = parseAmountInput(values.price, currency, i18n.locale)
    if (minor === undefined) return
    try {
      const saved = await setCardTypePrice(type.id, currency, Number(minor), i18n.locale)
      queryClient.setQueryData<CardType[]>(cardKeys.typesIn(i18n.locale), (types) =>
        types?.map((t) => (t.id === saved.id ? saved : t)),
      )
      void queryClient.invalidateQueries({ queryKey: cardKeys.types() })
      notify.success(msg`Price saved`)
      onDone()
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(describeApiError(error))
    }
  })

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Card price: {name}</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            What a program owner pays per card they order, on top of its face value. Orders already placed
            keep their price.
          </Trans>
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" data-testid="card-price-form">
          <fieldset disabled={submitting} className="grid gap-4">
            <FormField
              control={form.control}
              name="price"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Price per card in {currency}, excluding VAT</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder={examplePlaceholder(i18n, formatAmountInput(50, currency, i18n.locale))}
                      data-testid="card-price-input"
                      {...field}
                    />
                  </FormControl>
                  <FormDescription data-testid="card-price-gross">
                    {preview ? (
                      <Trans>
                        Including {rate}% VAT ({vatText}): {grossText} per card.
                      </Trans>
                    ) : (
                      <Trans>{rate}% VAT is added on this price.</Trans>
                    )}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </fieldset>
          <DialogFooter>
            <Button variant="ghost" onClick={onDone} disabled={submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={submitting} aria-busy={submitting} data-testid="card-price-save">
              {submitting && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              <Trans>Save price</Trans>
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}
