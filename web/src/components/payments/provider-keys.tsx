import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckIcon, CopyIcon, LoaderCircleIcon, SaveIcon, TriangleAlertIcon } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { ApiError, type Body } from '~/lib/api.ts'
import { fieldErrorMessage, fieldIssueMessage, serverErrorMessage } from '~/lib/api-messages.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { notify } from '~/lib/notify.tsx'

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
      <Label htmlFor={id} className="text-[13px] text-muted-foreground">
        <Trans>Webhook URL</Trans>
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-[13px]"
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

type Field = 'api_key' | 'webhook_secret' | 'mode'
type FieldError = MessageDescriptor

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
  const base = useId()
  const [mode, setMode] = useState<'test' | 'live'>('test')
  const [apiKey, setApiKey] = useState('')
  const [webhookSecret, setWebhookSecret] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({})
  const [general, setGeneral] = useState<MessageDescriptor | null>(null)
  const [saving, setSaving] = useState(false)
  const withSecret = provider === 'stripe'
  const ids = {
    mode: `${base}-mode`,
    apiKey: `${base}-api-key`,
    apiKeyError: `${base}-api-key-error`,
    secret: `${base}-secret`,
    secretError: `${base}-secret-error`,
  }
  const show = (e: FieldError) => i18n._(e)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setGeneral(null)
    if (!apiKey.trim()) {
      setErrors({ api_key: msg`Enter the API key.` })
      return
    }
    setErrors({})
    setSaving(true)
    try {
      await onSave({
        provider,
        mode,
        api_key: apiKey.trim(),
        webhook_secret: withSecret && webhookSecret.trim() ? webhookSecret.trim() : undefined,
      })
      setApiKey('')
      setWebhookSecret('')
      notify.success(successMessage, {
        description: msg`Set the webhook URL at the provider if you have not done so yet.`,
      })
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'ccv_pay_key_not_valid') {
        // The provider's refusal names the key; a webhook secret's is said at the secret.
        const issue = error.fields.api_key?.[0] ?? { code: 'key_refused' as const }
        const about = issue.code === 'webhook_secret_prefix' && withSecret ? 'webhook_secret' : 'api_key'
        setErrors({ [about]: fieldIssueMessage(issue, i18n.locale) })
      } else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length) {
        const found: Partial<Record<Field, FieldError>> = {}
        for (const field of ['api_key', 'webhook_secret', 'mode'] as const) {
          const message = fieldErrorMessage(error, field, i18n.locale)
          if (message) found[field] = message
        }
        if (Object.keys(found).length) setErrors(found)
        else setGeneral(errorMessage(error))
      } else if (error instanceof ApiError && error.status >= 500) {
        setGeneral(serverErrorMessage)
      } else {
        notify.error(errorMessage(error))
      }
    } finally {
      setSaving(false)
    }
  }

  const disabled = saving || !hydrated
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={submit}
      data-testid="provider-keys-form"
      data-provider={provider}
    >
      <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={ids.mode}>
            <Trans>Mode</Trans>
          </Label>
          <Select value={mode} onValueChange={(v) => setMode(v as 'test' | 'live')} disabled={disabled}>
            <SelectTrigger id={ids.mode} data-testid="provider-keys-mode">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="test">{t`Test`}</SelectItem>
              {hasLiveMode(provider) && <SelectItem value="live">{t`Live`}</SelectItem>}
            </SelectContent>
          </Select>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={ids.apiKey}>
            <Trans>API key</Trans>
          </Label>
          <Input
            id={ids.apiKey}
            type="password"
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            value={apiKey}
            onChange={(e) => {
              setApiKey(e.target.value)
              setErrors(({ api_key: _, ...rest }) => rest)
            }}
            disabled={disabled}
            aria-invalid={errors.api_key ? true : undefined}
            aria-describedby={errors.api_key ? ids.apiKeyError : undefined}
            data-testid="provider-keys-api-key"
          />
          {errors.api_key && (
            <p
              id={ids.apiKeyError}
              role="alert"
              className="text-[13px] font-medium text-destructive"
              data-testid="provider-keys-api-key-error"
            >
              {show(errors.api_key)}
            </p>
          )}
        </div>
      </div>
      {withSecret && (
        <div className="grid gap-1.5">
          <Label htmlFor={ids.secret}>
            <Trans>Webhook signing secret</Trans>
          </Label>
          <Input
            id={ids.secret}
            type="password"
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            value={webhookSecret}
            onChange={(e) => {
              setWebhookSecret(e.target.value)
              setErrors(({ webhook_secret: _, ...rest }) => rest)
            }}
            disabled={disabled}
            aria-invalid={errors.webhook_secret ? true : undefined}
            aria-describedby={errors.webhook_secret ? ids.secretError : `${ids.secret}-hint`}
            data-testid="provider-keys-webhook-secret"
          />
          {errors.webhook_secret ? (
            <p
              id={ids.secretError}
              role="alert"
              className="text-[13px] font-medium text-destructive"
              data-testid="provider-keys-webhook-secret-error"
            >
              {show(errors.webhook_secret)}
            </p>
          ) : (
            <p id={`${ids.secret}-hint`} className="text-[13px] text-muted-foreground">
              <Trans>
                Optional. The whsec_ secret Stripe shows for the webhook endpoint; add it once the endpoint is
                set up.
              </Trans>
            </p>
          )}
        </div>
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
  )
}
