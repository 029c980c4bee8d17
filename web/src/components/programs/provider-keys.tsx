import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  CheckIcon,
  CopyIcon,
  KeyRoundIcon,
  LoaderCircleIcon,
  SaveIcon,
  TriangleAlertIcon,
} from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useHydrated } from '~/components/payments/use-hydrated.ts'
import { LoadError, RowsSkeleton } from '~/components/profile/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { ApiError } from '~/lib/api.ts'
import { serverErrorMessage } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import type { MethodSetting } from './actions.ts'
import { saveProviderKeys } from './actions.ts'
import { fieldMessage, programErrorMessage } from './errors.ts'
import { providerNames } from './labels.tsx'
import { type ProviderAccount, programKeys, programProvidersQueryOptions } from './queries.ts'

/**
 * Providers whose methods take payments only with the owner's own keys (spec section 5: the
 * provider's API key, test or live; the API's `ccv_pay_key_not_valid`). The sandbox needs none.
 */
export const keyedProviders = ['ccv', 'stripe'] as const
const isKeyed = (provider: string) => (keyedProviders as readonly string[]).includes(provider)
/** Providers the panel offers keys for: the keyed ones, and the sandbox (optional there). */
const panelProviders = [...keyedProviders, 'sandbox'] as const

const usedProviders = (rows: readonly MethodSetting[]) =>
  new Set(rows.flatMap((r) => (r.is_used && r.provider_id ? [r.provider_id] : [])))

/** The keyed providers the used methods of a methods form point at, once each. */
export function keyedProvidersOf(rows: readonly MethodSetting[]): string[] {
  const used = usedProviders(rows)
  return keyedProviders.filter((p) => used.has(p))
}

/** The providers of the used methods that the keys panel shows: CCV, Stripe and the sandbox. */
export function panelProvidersOf(rows: readonly MethodSetting[]): string[] {
  const used = usedProviders(rows)
  return panelProviders.filter((p) => used.has(p))
}

/** True when a keyed provider of the used methods has no saved keys: such methods cannot validate. */
export function missingKeys(
  rows: readonly MethodSetting[],
  accounts: readonly ProviderAccount[] | undefined,
) {
  if (!accounts) return false
  const saved = new Set(accounts.map((a) => a.provider))
  return keyedProvidersOf(rows).some((p) => !saved.has(p))
}

export const keysMissingMessage = msg`Save your keys for the provider below: a method at CCV or Stripe takes payments only with them.`

/** Known refusals of the adapters, in the reader's words; others get the general one. */
const refusals: Record<string, MessageDescriptor> = {
  'not a sandbox api key (sk_test_…)': msg`This is not a sandbox API key (they start with sk_test_).`,
  'the sandbox has no live mode': msg`The sandbox has no live mode: use test mode.`,
  'stripe secret keys start with sk_test_ or sk_live_ (or rk_ for restricted keys)': msg`Stripe secret keys start with sk_test_ or sk_live_ (or rk_ for restricted keys).`,
  'stripe webhook signing secrets start with whsec_': msg`Stripe webhook signing secrets start with whsec_.`,
}
const keyRefused = msg`The provider refused this key. Check that it is the right key for this mode.`

function refusalOf(text: string | undefined): MessageDescriptor {
  if (!text) return keyRefused
  return refusals[text.trim().replace(/\.$/, '').toLowerCase()] ?? keyRefused
}

/**
 * The "Provider keys" panel of a payment program's methods: for each provider in `providers`
 * that needs the owner's keys (CCV, Stripe), the keys saved so far (masked, with the webhook URL
 * to set at the provider) and a form to save new ones. Saved keys are checked with the provider:
 * a refused key is said under the API key field, an unreachable provider as a server error.
 */
export function ProviderKeysPanel({ program, providers }: { program: string; providers: readonly string[] }) {
  const shown = providers.filter((p) => (panelProviders as readonly string[]).includes(p))
  const accounts = useQuery(programProvidersQueryOptions(program))
  if (shown.length === 0) return null
  return (
    <section className="grid gap-3" data-testid="provider-keys" aria-labelledby="provider-keys-title">
      <div className="grid gap-1">
        <h3 id="provider-keys-title" className="flex items-center gap-2 text-base font-semibold">
          <KeyRoundIcon aria-hidden="true" className="size-4 text-primary-600" />
          <Trans>Provider keys</Trans>
        </h3>
        <p className="text-[13px] text-muted-foreground">
          <Trans>
            Payments at CCV and Stripe run on your own account there. Paste the secret API key from the
            provider's dashboard; it is checked with the provider and stored encrypted. Only its last four
            characters are shown again.
          </Trans>
        </p>
      </div>
      {accounts.isPending ? (
        <RowsSkeleton rows={2} />
      ) : accounts.isError ? (
        <LoadError onRetry={() => accounts.refetch()} />
      ) : (
        <div className="grid gap-3">
          {shown.map((provider) => (
            <ProviderKeys
              key={provider}
              program={program}
              provider={provider}
              accounts={accounts.data.results.filter((a) => a.provider === provider)}
            />
          ))}
        </div>
      )}
    </section>
  )
}

function ProviderKeys({
  program,
  provider,
  accounts,
}: {
  program: string
  provider: string
  accounts: ProviderAccount[]
}) {
  const { i18n } = useLingui()
  const name = providerNames[provider] ? i18n._(providerNames[provider]!) : provider
  return (
    <div
      className="grid gap-4 rounded-lg border px-4 py-4"
      data-testid="provider-keys-item"
      data-provider={provider}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{name}</h4>
        {accounts.length === 0 && !isKeyed(provider) ? (
          <Badge variant="muted" data-testid="provider-keys-optional">
            <Trans>Optional</Trans>
          </Badge>
        ) : accounts.length === 0 ? (
          <Badge variant="warning" data-testid="provider-keys-missing">
            <TriangleAlertIcon aria-hidden="true" />
            <Trans>No keys saved yet</Trans>
          </Badge>
        ) : (
          <Badge variant="success" data-testid="provider-keys-saved">
            <CheckIcon aria-hidden="true" />
            <Trans>Keys saved</Trans>
          </Badge>
        )}
      </div>
      {!isKeyed(provider) && (
        <p className="text-[13px] text-muted-foreground">
          <Trans>
            The sandbox takes test payments without keys. Save a sandbox key (sk_test_…) to try payments the
            way a real provider runs them.
          </Trans>
        </p>
      )}
      {accounts.length > 0 && <SavedAccounts accounts={accounts} />}
      <KeysForm program={program} provider={provider} />
    </div>
  )
}

function SavedAccounts({ accounts }: { accounts: ProviderAccount[] }) {
  const { i18n } = useLingui()
  return (
    <ul className="grid gap-3" aria-label={i18n._(msg`Saved keys`)}>
      {accounts.map((account, index) => (
        <li
          key={account.uuid}
          className="grid gap-2 rounded-md bg-muted/40 px-3 py-3 text-sm"
          data-testid="provider-account"
          data-mode={account.mode}
        >
          <div className="flex flex-wrap items-center gap-2">
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
            {index === 0 && (
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

function WebhookUrl({ url }: { url: string }) {
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
type FieldError = MessageDescriptor | string

function KeysForm({ program, provider }: { program: string; provider: string }) {
  const { i18n, t } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
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
  const show = (e: FieldError) => (typeof e === 'string' ? e : i18n._(e))

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
      await saveProviderKeys({
        program,
        provider,
        mode,
        api_key: apiKey.trim(),
        webhook_secret: withSecret && webhookSecret.trim() ? webhookSecret.trim() : undefined,
      })
      setApiKey('')
      setWebhookSecret('')
      // Only the accounts are read again: the methods form around the panel may hold unsaved choices.
      await queryClient.invalidateQueries({ queryKey: programKeys.providers(program) })
      notify.success(msg`Keys saved`, {
        description: msg`Set the webhook URL at the provider if you have not done so yet.`,
      })
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'ccv_pay_key_not_valid') {
        const detail = error.fields.api_key?.[0]
        const about = detail && /whsec_/i.test(detail) && withSecret ? 'webhook_secret' : 'api_key'
        setErrors({ [about]: refusalOf(detail) })
      } else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length) {
        const found: Partial<Record<Field, FieldError>> = {}
        for (const field of ['api_key', 'webhook_secret', 'mode'] as const) {
          const first = error.fields[field]?.[0]
          if (first) found[field] = fieldMessage(first)
        }
        if (Object.keys(found).length) setErrors(found)
        else setGeneral(programErrorMessage(error))
      } else if (error instanceof ApiError && error.status >= 500) {
        setGeneral(serverErrorMessage)
      } else {
        notify.error(programErrorMessage(error))
      }
    } finally {
      setSaving(false)
    }
  }

  const disabled = saving || !hydrated
  return (
    <form className="grid gap-4" noValidate onSubmit={submit} data-testid="provider-keys-form">
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
              {isKeyed(provider) && <SelectItem value="live">{t`Live`}</SelectItem>}
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
