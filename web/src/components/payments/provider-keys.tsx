import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckIcon, CopyIcon, LoaderCircleIcon, SaveIcon, TriangleAlertIcon } from 'lucide-react'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { z } from 'zod'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Badge } from '~/components/ui/badge.tsx'
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
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { ApiError, type Body } from '~/lib/api.ts'
import { fieldIssueMessage, serverErrorMessage } from '~/lib/api-messages.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'

/**
 * Provider keys as the payments API keeps them, for whoever saves them: a program owner for a
 * program (`manager/program-providers`) or an admin for the platform (`payment/platform-provider`).
 * Keys are checked with the provider and sealed; answers show only the last four characters and the
 * webhook URL to set at the provider.
 */

/** A saved account, keys masked: a program's or the platform's. */
export type SavedKeys = Omit<Schema<'ProgramProviderAccount'>, 'program'>

/** What a keys form sends (a program's keys name the program besides). */
export type ProviderKeysInput = Body<'/payment/platform-provider'>

/** A payment provider of the API: `sandbox`, `ccv`, `stripe`. */
export type ProviderId = ProviderKeysInput['provider']

/** The sandbox has test mode only; real providers have test and live keys. */
export const hasLiveMode = (provider: string) => provider !== 'sandbox'

/**
 * Saved accounts, newest first: mode, masked key, when saved (and whatever `meta` adds: who, when
 * replaced), the one `currentUuid` names marked as the one payments use, and each webhook URL.
 */
export function SavedKeysList({
  accounts,
  currentUuid,
  providerName,
  meta,
  label,
}: {
  accounts: readonly SavedKeys[]
  currentUuid?: string | undefined
  /** Names each account's provider, where a list mixes providers. */
  providerName?: ((provider: string) => string) | undefined
  meta?: ((account: SavedKeys) => ReactNode) | undefined
  label?: MessageDescriptor | undefined
}) {
  const { i18n } = useLingui()
  return (
    <ul className="grid gap-3" aria-label={i18n._(label ?? msg`Saved keys`)}>
      {accounts.map((account) => (
        <li
          key={account.uuid}
          className="grid gap-2 rounded-md bg-muted/40 px-3 py-3 text-sm"
          data-testid="provider-account"
          data-mode={account.mode}
          data-provider={account.provider}
        >
          <div className="flex flex-wrap items-center gap-2">
            {providerName && (
              <span className="font-medium" data-testid="provider-account-provider">
                {providerName(account.provider)}
              </span>
            )}
            <Badge
              variant={account.mode === 'live' ? 'primary' : 'muted'}
              data-testid="provider-account-mode"
            >
              {account.mode === 'live' ? <Trans>Live</Trans> : <Trans>Test</Trans>}
            </Badge>
            <span className="font-mono text-[13px]" data-testid="provider-account-hint">
              {account.key_hint}
            </span>
            <span className="text-[13px] text-muted-foreground">
              <Trans>saved {i18n.date(account.created, { dateStyle: 'medium', timeStyle: 'short' })}</Trans>
            </span>
            {meta?.(account)}
            {account.uuid === currentUuid && (
              <span className="text-[13px] text-muted-foreground" data-testid="provider-account-current">
                · <Trans>used for payments</Trans>
              </span>
            )}
          </div>
          <WebhookUrl url={account.webhook_url} />
        </li>
      ))}
    </ul>
  )
}

/** An account's webhook URL, to copy into the provider's dashboard. */
export function WebhookUrl({ url }: { url: string }) {
  const { t } = useLingui()
  const hydrated = useHydrated()
  const id = useId()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      notify.success(msg`Webhook URL copied`)
    } catch {
      notify.error(msg`Copy failed`)
    }
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-[13px]/normal text-muted-foreground">
        <Trans>Webhook URL</Trans>
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-[13px]/normal"
          data-testid="provider-account-webhook"
        />
        <Button
          type="button"
          variant="outline"
          onClick={copy}
          disabled={!hydrated}
          aria-label={t`Copy webhook URL`}
          title={t`Copy webhook URL`}
          data-testid="provider-account-webhook-copy"
        >
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          <span className="hidden sm:inline">{copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
        </Button>
      </div>
      <p className="text-[13px] text-muted-foreground">
        <Trans>
          Set this address as the webhook endpoint in the provider's dashboard: it tells the platform when a
          payment is paid or refunded.
        </Trans>
      </p>
    </div>
  )
}

const keysSchema = z.object({
  mode: z.enum(['test', 'live']),
  api_key: z.string().trim().min(1, { error: msg`Enter the API key.`.id }),
  webhook_secret: z.string().trim(),
})

/**
 * The form that saves keys for one provider: mode, secret API key and, for Stripe, the webhook
 * signing secret. `onSave` sends them; a key the provider refused is said under its field, bad
 * input under the fields, an unreachable provider or server as a server error in the form, and
 * anything else as a toast in `errorMessage`'s words. The fields are emptied once saved.
 */
export function ProviderKeysForm({
  provider,
  onSave,
  errorMessage,
  successMessage = msg`Keys saved`,
}: {
  provider: ProviderId
  onSave: (keys: ProviderKeysInput) => Promise<unknown>
  errorMessage: (error: unknown) => MessageDescriptor
  successMessage?: MessageDescriptor
}) {
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const withSecret = provider === 'stripe'
  const form = useZodForm(keysSchema, {
    defaultValues: { mode: 'test', api_key: '', webhook_secret: '' },
    mode: 'onSubmit',
  })
  const showFieldErrors = useFieldErrors(form, {
    // The provider's refusal names the key; a webhook secret's is said at the secret.
    fieldOf: (path, issue) => {
      if (path === 'api_key' && withSecret && issue.code === 'webhook_secret_prefix') return 'webhook_secret'
      if (path === 'webhook_secret' && !withSecret) return 'api_key'
      return path === 'api_key' || path === 'webhook_secret' || path === 'mode' ? path : undefined
    },
  })
  const saving = form.formState.isSubmitting
  const general = form.formState.errors.root?.message

  const submit = form.handleSubmit(async ({ mode, api_key, webhook_secret }) => {
    try {
      await onSave({
        provider,
        mode,
        api_key,
        webhook_secret: withSecret && webhook_secret ? webhook_secret : undefined,
      })
      form.reset({ mode, api_key: '', webhook_secret: '' })
      notify.success(successMessage, {
        description: msg`Set the webhook URL at the provider if you have not done so yet.`,
      })
    } catch (error) {
      const { shown } = showFieldErrors(error)
      if (shown) return
      if (error instanceof ApiError && error.reason === 'ccv_pay_key_not_valid') {
        // A refusal without the field's own code: the provider said no.
        const refused = fieldIssueMessage({ code: 'key_refused' }, i18n.locale)
        form.setError('api_key', { type: 'server', message: refused.id }, { shouldFocus: true })
      } else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length) {
        form.setError('root', { type: 'server', message: errorMessage(error).id })
      } else if (error instanceof ApiError && error.status >= 500) {
        form.setError('root', { type: 'server', message: serverErrorMessage.id })
      } else {
        notify.error(errorMessage(error))
      }
    }
  })

  const disabled = saving || !hydrated
  return (
    <Form {...form}>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={submit}
        data-testid="provider-keys-form"
        data-provider={provider}
      >
        <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <FormField
            control={form.control}
            name="mode"
            render={({ field }) => (
              <FormItem className="content-start gap-1.5">
                <FormLabel>
                  <Trans>Mode</Trans>
                </FormLabel>
                <Select
                  value={field.value}
                  onValueChange={(v) => field.onChange(v as 'test' | 'live')}
                  disabled={disabled}
                  name={field.name}
                >
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur} ref={field.ref} data-testid="provider-keys-mode">
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    <SelectItem value="test">{t`Test`}</SelectItem>
                    {hasLiveMode(provider) && <SelectItem value="live">{t`Live`}</SelectItem>}
                  </SelectContent>
                </Select>
                <FormMessage data-testid="provider-keys-mode-error" />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="api_key"
            render={({ field }) => (
              <FormItem className="content-start gap-1.5">
                <FormLabel>
                  <Trans>API key</Trans>
                </FormLabel>
                <FormControl>
                  <Input
                    type="password"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={500}
                    {...field}
                    disabled={disabled}
                    data-testid="provider-keys-api-key"
                  />
                </FormControl>
                <FormMessage data-testid="provider-keys-api-key-error" />
              </FormItem>
            )}
          />
        </div>
        {withSecret && (
          <FormField
            control={form.control}
            name="webhook_secret"
            render={({ field, fieldState }) => (
              <FormItem className="gap-1.5">
                <FormLabel>
                  <Trans>Webhook signing secret</Trans>
                </FormLabel>
                <FormControl>
                  <Input
                    type="password"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={500}
                    {...field}
                    disabled={disabled}
                    data-testid="provider-keys-webhook-secret"
                  />
                </FormControl>
                {fieldState.error ? (
                  <FormMessage data-testid="provider-keys-webhook-secret-error" />
                ) : (
                  <FormDescription>
                    <Trans>
                      Optional. The whsec_ secret Stripe shows for the webhook endpoint; add it once the
                      endpoint is set up.
                    </Trans>
                  </FormDescription>
                )}
              </FormItem>
            )}
          />
        )}
        {general && (
          <p
            role="alert"
            data-testid="provider-keys-error"
            className="flex items-center gap-2 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-[13px] font-medium text-destructive"
          >
            <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
            {i18n._(general)}
          </p>
        )}
        <div className="flex justify-end">
          <Button
            type="submit"
            variant="outline"
            disabled={disabled}
            aria-busy={saving}
            data-testid="provider-keys-save"
          >
            {saving ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            <Trans>Save keys</Trans>
          </Button>
        </div>
      </form>
    </Form>
  )
}
