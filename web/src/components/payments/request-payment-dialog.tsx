import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleCheckIcon, LinkIcon, LoaderCircleIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { z } from 'zod'
import { Money } from '~/components/finances/amount.tsx'
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { type Answer, api } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { amountField } from './amount-field.ts'
import { CopyLink } from './copy-link.tsx'
import { parseAmountInput } from './money-input.ts'
import { type Payment, paymentKeys } from './queries.ts'

const currency = 'EUR'
const validities = [1, 7, 14, 30, 90] as const

/**
 * The form of "Request a payment" (request-payment-button.tsx opens it): an amount and what it is
 * for make a payment link, shown at once with Copy and Open. Loaded when the dialog opens.
 */
export function RequestPaymentContent({ onDone }: { onDone: () => void }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  // One key per dialog: a double submit or a retry after a lost answer makes one payment link.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  const [created, setCreated] = useState<Payment | null>(null)
  const schema = useMemo(
    () =>
      z.object({
        amount: amountField(currency, i18n.locale),
        description: z
          .string()
          .trim()
          .min(1, { error: msg`Say what the payment is for.`.id })
          .max(255, { error: msg`At most 255 characters.`.id }),
        expires_in_days: z.string(),
      }),
    [i18n.locale],
  )
  const form = useZodForm(schema, { defaultValues: { amount: '', description: '', expires_in_days: '7' } })
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => (path === 'amount' || path === 'description' ? path : undefined),
  })
  const create = useMutation({
    mutationFn: (values: z.output<typeof schema>) =>
      api.post<Answer<'/payment/payments', 'post', 201>>(
        '/payment/payments',
        {
          amount: Number(parseAmountInput(values.amount, currency, i18n.locale)),
          currency,
          description: values.description,
          expires_in_days: Number(values.expires_in_days),
        },
        { headers: { 'idempotency-key': idempotencyKey } },
      ),
  })
  const submit = form.handleSubmit(async (values) => {
    try {
      const payment = await create.mutateAsync(values)
      setCreated(payment)
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all })
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(describeApiError(error))
    }
  })

  if (created) {
    const { description, reference } = created
    return (
      <>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CircleCheckIcon aria-hidden="true" className="size-5 text-green-600" />
            <Trans>Payment link ready</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Send this link to the payer. <Money amount={created.amount} currency={created.currency} /> for “
              {description}”, reference {reference}.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <div
          data-testid="request-payment-created"
          data-uuid={created.uuid}
          data-reference={created.reference}
        >
          <CopyLink url={created.pay_url} />
        </div>
        <p className="text-[13px] text-muted-foreground">
          <Trans>The payment appears in your transactions as soon as the payer starts paying.</Trans>
        </p>
        <DialogFooter>
          <Button variant="ghost" asChild>
            <Link to="/transactions/$uuid" params={{ uuid: created.uuid }} onClick={onDone}>
              <LinkIcon aria-hidden="true" />
              <Trans>View payment</Trans>
            </Link>
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              setCreated(null)
              setIdempotencyKey(crypto.randomUUID())
              form.reset({ amount: '', description: '', expires_in_days: '7' })
            }}
          >
            <Trans>Request another</Trans>
          </Button>
          <Button onClick={onDone} data-testid="request-payment-done">
            <Trans>Done</Trans>
          </Button>
        </DialogFooter>
      </>
    )
  }

  const submitting = form.formState.isSubmitting
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Request a payment</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Make a payment link for an amount. The payer pays by card, iDEAL or PayPal.</Trans>
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" data-testid="request-payment-form">
          <fieldset disabled={submitting} className="grid gap-4">
            <FormField
              control={form.control}
              name="amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Amount (€)</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input inputMode="decimal" autoComplete="off" placeholder="12,50" {...field} />
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
                    <Trans context="payment request">Description</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input maxLength={255} autoComplete="off" {...field} />
                  </FormControl>
                  <FormDescription>
                    <Trans>The payer sees this on the payment page and the receipt.</Trans>
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="expires_in_days"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Link valid for</Trans>
                  </FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger>
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {validities.map((days) => (
                        <SelectItem key={days} value={String(days)}>
                          <ValidityLabel days={days} />
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
          </fieldset>
          <DialogFooter>
            <Button
              type="submit"
              disabled={submitting}
              aria-busy={submitting}
              data-testid="request-payment-submit"
            >
              {submitting ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              ) : (
                <LinkIcon aria-hidden="true" />
              )}
              <Trans>Create payment link</Trans>
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}

function ValidityLabel({ days }: { days: number }) {
  return <Plural value={days} one="# day" other="# days" />
}
