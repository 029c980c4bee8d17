import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { ArrowLeftIcon, InfoIcon } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { LoadError } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { isLocale } from '~/lib/i18n.ts'
import { formatMoney } from '~/lib/money.ts'
import { LocationButton } from './location-dialog.tsx'
import { type BasketRestaurant, basketQueryOptions, slotsQueryOptions } from './queries.ts'
import { describeOrderingError, refusalText } from './refusals.ts'

const methodNames = {
  card: msg`Card`,
  ideal: msg`iDEAL`,
} as const

type CheckoutAnswer = Answer<'/food/basket/{sessionUuid}/checkout', 'post', 201>

/** The provider's hosted page for the chosen method, else the platform's payment page. */
async function providerPage(answer: CheckoutAnswer, method: string): Promise<string> {
  try {
    const started = await api.post<Answer<'/payment/checkout/{uuid}', 'post'>>(
      `/payment/checkout/${encodeURIComponent(answer.payment_uuid)}`,
      { method },
    )
    return started.redirect_url ?? answer.payment_url
  } catch {
    return answer.payment_url
  }
}

/**
 * `/food/cart/{id}/order?restaurant=` (spec section 2 "Checkout"): one restaurant's part of the
 * basket ordered. Name, e-mail and phone (a signed-in card holder's filled in), delivery or pickup
 * (the session's, changed in the location popup), ASAP or one of today's slots (only ASAP when the
 * restaurant says so), a comment, the payment method of the restaurant, and the restaurant's terms
 * and privacy statement accepted. Sent with the interface language and an Idempotency-Key (the
 * same key while the guest retries the same attempt), then on to the payment page.
 */
export function CheckoutPage({ session, restaurant }: { session: string; restaurant: string | undefined }) {
  const basket = useQuery(basketQueryOptions(session))
  if (basket.isPending) {
    return (
      <p className="text-sm text-muted-foreground" aria-live="polite">
        <Trans>Loading your order…</Trans>
      </p>
    )
  }
  if (basket.isError && !(basket.error instanceof ApiError && basket.error.status === 404))
    return <LoadError onRetry={() => void basket.refetch()} />
  const part =
    basket.data?.restaurants.find((r) => r.details.uuid === restaurant) ?? basket.data?.restaurants[0]
  return (
    <div className="grid gap-5" data-testid="checkout-page">
      <Link
        to="/food/cart/$id"
        params={{ id: session }}
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary-700 underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        <Trans>Back to your basket</Trans>
      </Link>
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        <Trans>Checkout</Trans>
      </h1>
      {part && basket.data ? (
        <CheckoutForm session={session} part={part} pickup={basket.data.session.pickup_in_restaurant} />
      ) : (
        <p
          className="rounded-2xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground"
          data-testid="checkout-empty"
        >
          <Trans>Your basket is empty.</Trans>
        </p>
      )}
    </div>
  )
}

function CheckoutForm({
  session,
  part,
  pickup,
}: {
  session: string
  part: BasketRestaurant
  pickup: boolean
}) {
  const { i18n, t } = useLingui()
  const id = useId()
  const user = useRouteContext({ from: '__root__', select: (c) => c.session?.user })
  const d = part.details
  const slots = useQuery(slotsQueryOptions(session, d.uuid))
  const [name, setName] = useState(user?.full_name ?? '')
  const [email, setEmail] = useState(user?.email ?? '')
  const [phone, setPhone] = useState('')
  const [comment, setComment] = useState('')
  const [time, setTime] = useState('')
  const [method, setMethod] = useState('')
  const [terms, setTerms] = useState(false)
  const [privacy, setPrivacy] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({})
  // One attempt, one key: a retry after a lost answer finds the same order; a refusal starts anew.
  const attempt = useRef<string | null>(null)
  const methods = slots.data?.payment_methods ?? []
  const chosenMethod = method || methods[0] || 'card'
  const m = (n: number) => formatMoney(n, d.currency, i18n.locale)

  function check(): Record<string, string> {
    const problems: Record<string, string> = {}
    const required = t`This field is required`
    if (!name.trim()) problems.name = required
    if (!email.trim()) problems.email = required
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) problems.email = t`Email address is not valid`
    if (phone.replace(/\D/g, '').length < 6)
      problems.phone = phone.trim() ? t`The phone number is not valid` : required
    if (!terms || !privacy) problems.terms = refusalText(i18n, 'terms_not_accepted')
    return problems
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setProblem(null)
    const problems = check()
    setFieldProblems(problems)
    if (Object.keys(problems).length > 0) {
      const first = Object.keys(problems)[0]
      document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    setBusy(true)
    attempt.current ??= crypto.randomUUID()
    try {
      const answer = await api<CheckoutAnswer>(`/food/basket/${encodeURIComponent(session)}/checkout`, {
        method: 'POST',
        headers: { 'idempotency-key': attempt.current },
        body: {
          restaurant_uuid: d.uuid,
          pickup_in_restaurant: pickup,
          delivery_asap: time === '',
          requested_time: time === '' ? null : time,
          name: name.trim(),
          phone: phone.trim(),
          email: email.trim(),
          comment: comment.trim() || undefined,
          accept_terms: terms,
          accept_privacy: privacy,
          payment_method: chosenMethod,
          language: isLocale(i18n.locale) ? i18n.locale : undefined,
        },
      })
      // The guest chose the method here already: start it at once and go to the provider's page,
      // so they do not choose it a second time on the platform's payment page. That page stays
      // the way on when the start fails (it says why and offers the methods again).
      window.location.assign(await providerPage(answer, chosenMethod))
      return
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) attempt.current = null
      const fields = error instanceof ApiError ? error.fields : {}
      const byField: Record<string, string> = {}
      if (fields.name) byField.name = t`This field is required`
      if (fields.email) byField.email = t`Email address is not valid`
      if (fields.phone) byField.phone = t`The phone number is not valid`
      setFieldProblems(byField)
      setProblem(describeOrderingError(i18n, error))
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" data-testid="checkout-form">
      <section className="grid gap-2 rounded-2xl border bg-background p-4" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="font-semibold">
          {d.title}
        </h2>
        <ul className="grid gap-1 text-sm">
          {part.products.map((line) => (
            <li key={line.line_id} className="flex justify-between gap-3" data-testid="checkout-line">
              <span className="min-w-0 break-words">
                {line.quantity} × {line.title}
                {line.product_variant ? `, ${line.product_variant.title}` : ''}
                {line.product_extras.length > 0
                  ? `, ${line.product_extras.map((e) => e.title).join(', ')}`
                  : ''}
              </span>
              <span className="shrink-0 tabular-nums">{m(line.price)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between gap-3 border-t pt-2 font-semibold">
          <span>
            <Trans>Total</Trans>
          </span>
          <span className="tabular-nums" data-testid="checkout-total">
            {m(part.order.total)}
          </span>
        </p>
      </section>

      <section className="grid gap-3" aria-labelledby={`${id}-how`}>
        <h2 id={`${id}-how`} className="text-lg font-semibold">
          <Trans>Delivery or pickup</Trans>
        </h2>
        <LocationButton restaurant={d.uuid} className="w-fit" />
        {pickup && d.address ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Pick up at {d.address}</Trans>
          </p>
        ) : null}
        {part.order.refusal ? (
          <p
            role="status"
            className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="checkout-refusal"
          >
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {refusalText(i18n, part.order.refusal, { amount: d.min_order_amount, currency: d.currency })}
          </p>
        ) : null}
        {slots.data?.asap_only ? (
          <p className="text-sm" data-testid="checkout-asap-only">
            <span className="font-medium">
              <Trans>When</Trans>:
            </span>{' '}
            <Trans>As soon as possible</Trans>
          </p>
        ) : (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-time`}>
              <Trans>When</Trans>
            </Label>
            <select
              id={`${id}-time`}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
              data-testid="checkout-time"
            >
              <option value="">{t`As soon as possible`}</option>
              {(slots.data?.slots ?? []).map((s) => (
                <option key={s.at} value={s.time}>
                  {s.time}
                </option>
              ))}
            </select>
          </div>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby={`${id}-you`}>
        <h2 id={`${id}-you`} className="text-lg font-semibold">
          <Trans>Your details</Trans>
        </h2>
        <Field id={`${id}-name`} label={<Trans>Name</Trans>} problem={fieldProblems.name}>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
            maxLength={255}
            aria-invalid={fieldProblems.name ? true : undefined}
            aria-describedby={fieldProblems.name ? `${id}-name-problem` : undefined}
            data-testid="checkout-name"
          />
        </Field>
        <Field id={`${id}-email`} label={<Trans>E-mail</Trans>} problem={fieldProblems.email}>
          <Input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            maxLength={320}
            aria-invalid={fieldProblems.email ? true : undefined}
            aria-describedby={fieldProblems.email ? `${id}-email-problem` : undefined}
            data-testid="checkout-email"
          />
        </Field>
        <Field id={`${id}-phone`} label={<Trans>Phone</Trans>} problem={fieldProblems.phone}>
          <Input
            id={`${id}-phone`}
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            autoComplete="tel"
            maxLength={32}
            aria-invalid={fieldProblems.phone ? true : undefined}
            aria-describedby={fieldProblems.phone ? `${id}-phone-problem` : undefined}
            data-testid="checkout-phone"
          />
        </Field>
        <Field id={`${id}-comment`} label={<Trans>Comment for the restaurant (optional)</Trans>}>
          <Textarea
            id={`${id}-comment`}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={1000}
            rows={3}
            data-testid="checkout-comment"
          />
        </Field>
      </section>

      {methods.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-lg font-semibold">
            <Trans>Payment method</Trans>
          </legend>
          {methods.map((method) => (
            <label
              key={method}
              className="flex min-h-10 items-center gap-3 text-sm"
              data-testid={`checkout-method-${method}`}
            >
              <input
                type="radio"
                name={`${id}-method`}
                value={method}
                checked={chosenMethod === method}
                onChange={() => setMethod(method)}
                className="size-4.5 accent-primary-700"
              />
              {method in methodNames ? i18n._(methodNames[method as keyof typeof methodNames]) : method}
            </label>
          ))}
        </fieldset>
      ) : null}

      <fieldset
        className="grid gap-2"
        aria-describedby={fieldProblems.terms ? `${id}-terms-problem` : undefined}
      >
        <legend className="sr-only">
          <Trans>Terms and privacy</Trans>
        </legend>
        <label className="flex items-start gap-3 text-sm" data-testid="checkout-terms">
          <input
            type="checkbox"
            id={`${id}-terms`}
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            className="mt-0.5 size-4.5 accent-primary-700"
          />
          <span>
            {d.tc_pdf_url ? (
              <Trans>
                I accept the{' '}
                <a
                  href={d.tc_pdf_url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-primary-700 underline underline-offset-4"
                  data-testid="checkout-terms-link"
                >
                  terms and conditions
                </a>{' '}
                of {d.title}
              </Trans>
            ) : (
              <Trans>I accept the terms and conditions of {d.title}</Trans>
            )}
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm" data-testid="checkout-privacy">
          <input
            type="checkbox"
            checked={privacy}
            onChange={(e) => setPrivacy(e.target.checked)}
            className="mt-0.5 size-4.5 accent-primary-700"
          />
          <span>
            {d.privacy_pdf_url ? (
              <Trans>
                I accept the{' '}
                <a
                  href={d.privacy_pdf_url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-primary-700 underline underline-offset-4"
                  data-testid="checkout-privacy-link"
                >
                  privacy statement
                </a>{' '}
                of {d.title}
              </Trans>
            ) : (
              <Trans>I accept the privacy statement of {d.title}</Trans>
            )}
          </span>
        </label>
        {fieldProblems.terms ? (
          <p
            id={`${id}-terms-problem`}
            className="text-[13px] text-destructive"
            data-testid="checkout-terms-problem"
          >
            {fieldProblems.terms}
          </p>
        ) : null}
      </fieldset>

      {problem ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          data-testid="checkout-problem"
        >
          {problem}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="checkout-submit"
      >
        <Trans>Order and pay {m(part.order.total)}</Trans>
      </Button>
    </form>
  )
}

function Field({
  id,
  label,
  problem,
  children,
}: {
  id: string
  label: ReactNode
  problem?: string | undefined
  children: ReactNode
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {problem ? (
        <p id={`${id}-problem`} className="text-[13px] text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
