import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { LoaderCircleIcon } from 'lucide-react'
import { type ReactElement, type ReactNode, useMemo, useState } from 'react'
import { z } from 'zod'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
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
import { notify } from '~/lib/notify.tsx'
import { examplePlaceholder } from '~/lib/placeholder.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { cn } from '~/lib/utils.ts'
import { amountField } from './amount-field.ts'
import { formatAmountInput, parseAmountInput } from './money-input.ts'

/** What a payment request asks for: the amount in minor units and what it is for. */
export interface PaymentRequestInput {
  amount: number
  description: string
}

/**
 * The fields of a payment request as typed: an amount in the reader's notation and a description,
 * which a sale at the counter may leave out (`descriptionOptional`).
 */
export function paymentRequestSchema(currency: string, locale: string, descriptionOptional = false) {
  const description = z.string().trim().max(255, { error: msg`At most 255 characters.`.id })
  return z.object({
    amount: amountField(currency, locale),
    description: descriptionOptional
      ? description
      : description.min(1, { error: msg`Say what the payment is for.`.id }),
  })
}

/**
 * The one form that asks for a payment: "Request a payment" (a payment link, in a dialog) and the
 * terminal (a QR code at a cashpoint). Amount and description with their checks; the API's field
 * refusals under their inputs, anything else as a notice. `send` gets one Idempotency-Key per
 * request: a double submit or a retry after a lost answer makes one payment; after a success the
 * next submit gets a new key.
 */
export function PaymentRequestForm({
  currency,
  send,
  testIdPrefix,
  amountLabel,
  descriptionHint,
  descriptionOptional = false,
  large = false,
  submitIcon,
  submitLabel,
  actions = (submit) => submit,
  children,
}: {
  currency: string
  /** Makes the request; throws what the API refused. */
  send: (input: PaymentRequestInput, idempotencyKey: string) => Promise<void>
  /** Test ids `<prefix>-form`, `-amount`, `-description` and `-submit`. */
  testIdPrefix: string
  amountLabel: ReactNode
  descriptionHint?: ReactNode
  /** The description may be left empty (a sale at the counter: the amount is what matters). */
  descriptionOptional?: boolean
  /** The terminal's big amount and button, read at arm's length. */
  large?: boolean
  submitIcon: ReactElement
  submitLabel: ReactNode
  /** Where the submit button goes (a dialog's footer); as is by default. */
  actions?: (submit: ReactElement) => ReactNode
  /** More inputs after the description, kept by the caller. */
  children?: ReactNode
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  const schema = useMemo(
    () => paymentRequestSchema(currency, i18n.locale, descriptionOptional),
    [currency, i18n.locale, descriptionOptional],
  )
  const form = useZodForm(schema, { defaultValues: { amount: '', description: '' } })
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => (path === 'amount' || path === 'description' ? path : undefined),
  })
  const submit = form.handleSubmit(async (values) => {
    try {
      await send(
        {
          amount: Number(parseAmountInput(values.amount, currency, i18n.locale)),
          description: values.description,
        },
        idempotencyKey,
      )
      setIdempotencyKey(crypto.randomUUID())
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(describeApiError(error))
    }
  })
  const submitting = form.formState.isSubmitting

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid={`${testIdPrefix}-form`}>
        <fieldset disabled={submitting || !hydrated} className="grid gap-4">
          <FormField
            control={form.control}
            name="amount"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{amountLabel}</FormLabel>
                <FormControl>
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={examplePlaceholder(i18n, formatAmountInput(1250, currency, i18n.locale))}
                    className={cn(
                      large &&
                        'h-14 text-3xl font-semibold tabular-nums placeholder:text-base placeholder:font-normal md:text-3xl',
                    )}
                    data-testid={`${testIdPrefix}-amount`}
                    {...field}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  {descriptionOptional ? (
                    <Trans context="payment request">Description (optional)</Trans>
                  ) : (
                    <Trans context="payment request">Description</Trans>
                  )}
                </FormLabel>
                <FormControl>
                  <Input
                    maxLength={255}
                    autoComplete="off"
                    data-testid={`${testIdPrefix}-description`}
                    {...field}
                  />
                </FormControl>
                {descriptionHint && <FormDescription>{descriptionHint}</FormDescription>}
                <FormMessage />
              </FormItem>
            )}
          />
          {children}
        </fieldset>
        {actions(
          <Button
            type="submit"
            size={large ? 'lg' : undefined}
            disabled={submitting || !hydrated}
            aria-busy={submitting}
            data-testid={`${testIdPrefix}-submit`}
          >
            {submitting ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : submitIcon}
            {submitLabel}
          </Button>,
        )}
      </form>
    </Form>
  )
}
