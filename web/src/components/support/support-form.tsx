import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { AlertCircleIcon, LoaderCircleIcon, SendIcon } from 'lucide-react'
import { useState } from 'react'
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { type Answer, ApiError, api, type Body } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { useSession } from '~/lib/use-session.ts'
import { type SupportTopic, supportTopics } from './topics.ts'

export const supportTopicNames: Record<SupportTopic, MessageDescriptor> = {
  general: msg({ message: 'A general question', context: 'support topic' }),
  account: msg({ message: 'My account or signing in', context: 'support topic' }),
  payment: msg({ message: 'A payment or refund', context: 'support topic' }),
  order: msg({ message: 'An order', context: 'support topic' }),
  card: msg({ message: 'A voucher or gift card', context: 'support topic' }),
  bill: msg({ message: 'A bill', context: 'support topic' }),
}

/** Topics where a reference (of a payment, order, card or bill) helps us find it. */
const withReference: readonly SupportTopic[] = ['payment', 'order', 'card', 'bill']

const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: msg`Enter your name.`.id })
    .max(120, { error: msg`At most 120 characters.`.id }),
  email: z
    .string()
    .trim()
    .min(1, { error: msg`Email required`.id })
    .pipe(z.email({ error: msg`Invalid email`.id })),
  topic: z.enum(supportTopics),
  subject: z
    .string()
    .trim()
    .min(1, { error: msg`Enter a subject.`.id })
    .max(200, { error: msg`At most 200 characters.`.id }),
  message: z
    .string()
    .trim()
    .min(10, { error: msg`Write at least 10 characters, so we understand the question.`.id })
    .max(5000, { error: msg`At most 5000 characters.`.id }),
  order_reference: z.string().trim().max(64, { error: msg`At most 64 characters.`.id }),
})

type SupportRequest = Answer<'/support/requests', 'post', 201>

/** A refusal of the whole request in the reader's words (field problems go under their inputs). */
function problemMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.reason === 'support_request_limit') {
    return msg`You have sent several messages from this address in the last hour. Please wait a while before sending another; we answer the ones we have.`
  }
  return describeApiError(error)
}

/**
 * The contact form behind `/support` (guests and signed-in users alike): name and e-mail address
 * (filled in for a signed-in user), what it is about, a subject and the message, and for payments,
 * orders, cards and bills their reference. Sent once per Idempotency-Key, so a double submit or a
 * retry after a lost answer makes one request; the thank-you page (`/gratitude`) shows its
 * reference.
 */
export function SupportForm({
  topic,
  reference,
}: {
  topic?: SupportTopic | undefined
  reference?: string | undefined
}) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const session = useSession()
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  const [problem, setProblem] = useState<MessageDescriptor | null>(null)
  const form = useZodForm(schema, {
    defaultValues: {
      name: session?.user.full_name ?? '',
      email: session?.user.email ?? '',
      topic: topic ?? 'general',
      subject: '',
      message: '',
      order_reference: reference ?? '',
    },
  })
  const showFieldErrors = useFieldErrors(form)
  const chosen = form.watch('topic')
  const submitting = form.formState.isSubmitting

  const submit = form.handleSubmit(async (values) => {
    setProblem(null)
    const body: Body<'/support/requests'> = {
      name: values.name,
      email: values.email,
      topic: values.topic,
      subject: values.subject,
      message: values.message,
      language: i18n.locale as Body<'/support/requests'>['language'],
      ...(values.order_reference && withReference.includes(values.topic)
        ? { order_reference: values.order_reference }
        : {}),
    }
    try {
      const sent = await api.post<SupportRequest>('/support/requests', body, {
        headers: { 'idempotency-key': idempotencyKey },
      })
      setIdempotencyKey(crypto.randomUUID())
      await navigate({ to: '/gratitude', search: { reference: sent.reference } })
    } catch (error) {
      if (showFieldErrors(error).shown) return
      setProblem(problemMessage(error))
    }
  })

  return (
    <Form {...form}>
      <form onSubmit={submit} method="post" noValidate className="grid gap-5" data-testid="support-form">
        {problem && (
          <div
            role="alert"
            data-testid="support-problem"
            className="flex gap-3 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-[13px] leading-relaxed text-destructive"
          >
            <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="font-medium">{i18n._(problem)}</p>
          </div>
        )}
        <fieldset disabled={submitting || !hydrated} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Your name</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input autoComplete="name" maxLength={120} data-testid="support-name" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>E-mail address</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input
                      type="email"
                      autoComplete="email"
                      inputMode="email"
                      data-testid="support-email"
                      {...field}
                    />
                  </FormControl>
                  <FormDescription>
                    <Trans>We answer here.</Trans>
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
          <FormField
            control={form.control}
            name="topic"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  <Trans>What is it about?</Trans>
                </FormLabel>
                <Select value={field.value} onValueChange={field.onChange} disabled={submitting || !hydrated}>
                  <FormControl>
                    <SelectTrigger data-testid="support-topic" onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {supportTopics.map((t) => (
                      <SelectItem key={t} value={t} data-topic={t}>
                        {i18n._(supportTopicNames[t])}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          {withReference.includes(chosen) && (
            <FormField
              control={form.control}
              name="order_reference"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Reference (optional)</Trans>
                  </FormLabel>
                  <FormControl>
                    <Input autoComplete="off" maxLength={64} data-testid="support-reference" {...field} />
                  </FormControl>
                  <FormDescription>
                    <Trans>
                      The reference of the payment, order, card or bill, as on your receipt or e-mail, such as
                      PAY-1042.
                    </Trans>
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
          <FormField
            control={form.control}
            name="subject"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  <Trans>Subject</Trans>
                </FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={200} data-testid="support-subject" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="message"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  <Trans>Your message</Trans>
                </FormLabel>
                <FormControl>
                  <Textarea rows={6} maxLength={5000} data-testid="support-message" {...field} />
                </FormControl>
                <FormDescription>
                  <Trans>
                    What happened, and what you expected. Never send passwords or full card numbers.
                  </Trans>
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
        <Button
          type="submit"
          className="w-full sm:w-fit"
          disabled={submitting || !hydrated}
          aria-busy={submitting}
          data-testid="support-submit"
        >
          {submitting ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {submitting ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
        </Button>
      </form>
    </Form>
  )
}
