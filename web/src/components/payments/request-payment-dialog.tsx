import { Plural, Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleCheckIcon, LinkIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { Button } from '~/components/ui/button.tsx'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { type Answer, api } from '~/lib/api.ts'
import { CopyLink } from './copy-link.tsx'
import { PaymentRequestForm, type PaymentRequestInput } from './payment-request-form.tsx'
import { type Payment, paymentKeys } from './queries.ts'

const currency = 'EUR'
const validities = [1, 7, 14, 30, 90] as const

/**
 * The form of "Request a payment" (request-payment-button.tsx opens it): an amount and what it is
 * for make a payment link, shown at once with Copy and Open. Loaded when the dialog opens.
 */
export function RequestPaymentContent({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient()
  const [created, setCreated] = useState<Payment | null>(null)
  const [expiresInDays, setExpiresInDays] = useState('7')
  const validityId = useId()
  const send = async ({ amount, description }: PaymentRequestInput, key: string) => {
    const payment = await api.post<Answer<'/payment/payments', 'post', 201>>(
      '/payment/payments',
      { amount, currency, description, expires_in_days: Number(expiresInDays) },
      { headers: { 'idempotency-key': key } },
    )
    setCreated(payment)
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all })
  }

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
              // A fresh form (and Idempotency-Key) mounts in place of this one.
              setCreated(null)
              setExpiresInDays('7')
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
      <PaymentRequestForm
        currency={currency}
        send={send}
        testIdPrefix="request-payment"
        amountLabel={<Trans>Amount (€)</Trans>}
        descriptionHint={<Trans>The payer sees this on the payment page and the receipt.</Trans>}
        submitIcon={<LinkIcon aria-hidden="true" />}
        submitLabel={<Trans>Create payment link</Trans>}
        actions={(submit) => <DialogFooter>{submit}</DialogFooter>}
      >
        <div className="grid gap-2">
          <Label htmlFor={validityId}>
            <Trans>Link valid for</Trans>
          </Label>
          <Select value={expiresInDays} onValueChange={setExpiresInDays}>
            <SelectTrigger id={validityId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {validities.map((days) => (
                <SelectItem key={days} value={String(days)}>
                  <ValidityLabel days={days} />
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </PaymentRequestForm>
    </>
  )
}

function ValidityLabel({ days }: { days: number }) {
  return <Plural value={days} one="# day" other="# days" />
}
