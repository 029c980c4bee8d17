import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckIcon, KeyRoundIcon, TriangleAlertIcon } from 'lucide-react'
import {
  type ProviderId,
  ProviderKeysForm,
  type ProviderKeysInput,
  SavedKeysList,
} from '~/components/payments/provider-keys.tsx'
import { providerNames } from '~/components/shared/program-labels.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import type { MethodSetting } from './actions.ts'
import { saveProviderKeys } from './actions.ts'
import { programErrorMessage } from './errors.ts'
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
  const saved = new Set<string>(accounts.map((a) => a.provider))
  return keyedProvidersOf(rows).some((p) => !saved.has(p))
}

export const keysMissingMessage = msg`Save your keys for the provider below: a method at CCV or Stripe takes payments only with them.`

/**
 * The "Provider keys" panel of a payment program's methods: for each provider in `providers`
 * that needs the owner's keys (CCV, Stripe), the keys saved so far (masked, with the webhook URL
 * to set at the provider) and a form to save new ones. Saved keys are checked with the provider:
 * a refused key is said under the API key field, an unreachable provider as a server error.
 */
export function ProviderKeysPanel({ program, providers }: { program: string; providers: readonly string[] }) {
  const shown = panelProviders.filter((p) => providers.includes(p))
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
  provider: ProviderId
  accounts: ProviderAccount[]
}) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const name = providerNames[provider] ? i18n._(providerNames[provider]!) : provider
  const save = async (keys: ProviderKeysInput) => {
    await saveProviderKeys({ program, ...keys })
    // Only the accounts are read again: the methods form around the panel may hold unsaved choices.
    await queryClient.invalidateQueries({ queryKey: programKeys.providers(program) })
  }
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
      {accounts.length > 0 && <SavedKeysList accounts={accounts} currentUuid={accounts[0]?.uuid} />}
      <ProviderKeysForm provider={provider} onSave={save} errorMessage={programErrorMessage} />
    </div>
  )
}
