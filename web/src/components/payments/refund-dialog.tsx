import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, Undo2Icon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { z } from 'zod'
import { Money } from '~/components/finances/amount.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog.tsx'
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
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { amountField } from './amount-field.ts'
import { formatAmountInput, parseAmountInput } from './money-input.ts'
import { type Payment, paymentKeys } from './queries.ts'

/**
 * Refund a payment, fully or partly (program owner of the payment, admin). The amount starts at
 * what is left; the API refuses more than that with a message under the field. Each opening of
 * the dialog has its own Idempotency-Key, so a double click or a retry after a lost answer
 * refunds once.
 */
export function RefundButton({ payment }: { payment: Payment }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={!hydrated} data-testid="refund-open">
          <Undo2Icon aria-hidden="true" />
          <Trans>Refund</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="refund-dialog">
        {open && <RefundForm payment={payment} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function RefundForm({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const left = payment.amount - payment.refunded_amount
  const schema = useMemo(
    () =>
      z.object({
        amount: amountField(payment.currency, i18n.locale),
        reason: z.string().trim().max(255, { error: msg`At most 255 characters.`.id }),
      }),
    [payment.currency, i18n.locale],
  )
  const form = useZodForm(schema, {
    defaultValues: { amount: formatAmountInput(left, payment.currency, i18n.locale), reason: '' },
  })
  const showFieldErrors = useFieldErrors(form)
  const refund = useMutation({
    mutationFn: (values: z.output<typeof schema>) =>
      api.post<Answer<'/payment/payments/{uuid}/refunds', 'post', 201>>(
        `/payment/payments/${encodeURIComponent(payment.uuid)}/refunds`,
        {
          amount: Number(parseAmountInput(values.amount, payment.currency, i18n.locale)),
          ...(values.reason ? { reason: values.reason } : {}),
        },
        { headers: { 'idempotency-key': idempotencyKey } },
      ),
  })

  const submit = form.handleSubmit(async (values) => {
    try {
      await refund.mutateAsync(values)
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all })
      notify.success(msg`Refund sent`, {
        description: msg`The money goes back the way it was paid.`,
      })
      onDone()
    } catch (error) {
      if (showFieldErrors(error).shown) return
      if (error instanceof ApiError && (error.status === 422 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: paymentKeys.all })
        notify.error(msg`This payment cannot be refunded (any more).`)
        return
      }
      notify.error(describeApiError(error))
    }
  })

  const submitting = form.formState.isSubmitting
  const reference = payment.reference
  const currency = payment.currency
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          <Trans>Refund {reference}</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>
            Paid <Money amount={payment.amount} currency={payment.currency} />, of which{' '}
            <Money amount={left} currency={payment.currency} /> can still be refunded.
          </Trans>
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" data-testid="refund-form">
          <fieldset disabled={submitting} className="grid gap-4">
            <FormField
              control={form.control}
              name="amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Amount to refund ({currency})</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input inputMode="decimal" autoComplete="off" {...field} data-testid="refund-amount" />
                  </FormControl>
                  <FormMessage data-testid="refund-amount-error" />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Reason (optional)</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input maxLength={255} autoComplete="off" {...field} data-testid="refund-reason" />
                  </FormControl>
                  <FormDescription>
                    <Trans>Kept with the refund; the payer sees it on the receipt.</Trans>
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onDone} disabled={submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={submitting} aria-busy={submitting} data-testid="refund-submit">
              {submitting ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              ) : (
                <Undo2Icon aria-hidden="true" />
              )}
              <Trans>Refund</Trans>
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}
