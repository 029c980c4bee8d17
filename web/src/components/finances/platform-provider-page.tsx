import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CheckIcon, HistoryIcon, KeyRoundIcon, TriangleAlertIcon } from 'lucide-react'
import { useId, useState } from 'react'
import {
  type ProviderId,
  ProviderKeysForm,
  type ProviderKeysInput,
  type SavedKeys,
  SavedKeysList,
} from '~/components/payments/provider-keys.tsx'
import { providerNames } from '~/components/shared/program-labels.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import type { ErrorReason } from '~/lib/api-types.gen.ts'
import { FinancesHeader } from './finances-header.tsx'
import {
  type PlatformAccount,
  type PlatformProvider,
  platformProviderKey,
  platformProviderQueryOptions,
  savePlatformProvider,
} from './platform-provider.ts'

const byReason: Partial<Record<ErrorReason, MessageDescriptor>> = {
  sandbox_not_in_production: msg`The sandbox takes no real payments, so it cannot be used in production.`,
}

function platformErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError) {
    const known = error.reason ? byReason[error.reason] : undefined
    if (known) return known
    if (error.status === 403) return msg`Access denied`
  }
  return describeApiError(error)
}

/**
 * The Payment provider view of the admin's finances (`/finances/provider`): the platform's own
 * account at a payment provider, which takes the payments that belong to no program (card orders,
 * an owner's payment links), the form that saves new keys for it, and the accounts it replaced.
 */
export function PlatformProviderPage() {
  const platform = useQuery(platformProviderQueryOptions())
  return (
    <div className="grid grid-cols-1 gap-6">
      <FinancesHeader />
      <Card className="gap-5" data-testid="platform-provider">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRoundIcon aria-hidden="true" className="size-4 text-primary-600" />
            <Trans>Payment provider</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              Card orders and payment links outside programs are paid to the platform, on its own account at a
              payment provider. Programs take their payments on their owners' keys.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {platform.isPending ? (
            <RowsSkeleton rows={3} />
          ) : platform.isError ? (
            <LoadError onRetry={() => platform.refetch()} />
          ) : (
            <PlatformProviderContent data={platform.data} />
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function PlatformProviderContent({ data }: { data: PlatformProvider }) {
  const { i18n } = useLingui()
  const nameOf = (provider: string) => (providerNames[provider] ? i18n._(providerNames[provider]!) : provider)
  const savedBy = (account: SavedKeys) => {
    const who = (account as PlatformAccount).saved_by
    const name = who?.name || who?.email
    return name ? (
      <span className="text-[13px] text-muted-foreground" data-testid="provider-account-saved-by">
        <Trans>by {name}</Trans>
      </span>
    ) : null
  }
  const replaced = (account: SavedKeys) => {
    const at = (account as PlatformAccount).replaced
    if (!at) return null
    const when = i18n.date(at, { dateStyle: 'medium', timeStyle: 'short' })
    return (
      <span className="text-[13px] text-muted-foreground" data-testid="provider-account-replaced">
        · <Trans>replaced {when}</Trans>
      </span>
    )
  }
  return (
    <>
      <section className="grid gap-3" aria-labelledby="platform-provider-current">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="platform-provider-current" className="text-base font-semibold">
            <Trans>Current account</Trans>
          </h2>
          {data.result ? (
            <Badge variant="success" data-testid="platform-provider-saved">
              <CheckIcon aria-hidden="true" />
              <Trans>Keys saved</Trans>
            </Badge>
          ) : (
            <Badge variant="warning" data-testid="platform-provider-missing">
              <TriangleAlertIcon aria-hidden="true" />
              <Trans>No keys saved yet</Trans>
            </Badge>
          )}
        </div>
        {data.result ? (
          <SavedKeysList
            accounts={[data.result]}
            currentUuid={data.result.uuid}
            providerName={nameOf}
            meta={savedBy}
            label={msg`Current account`}
          />
        ) : (
          <p
            role="status"
            data-testid="platform-provider-fallback"
            className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-[13px] text-amber-900"
          >
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {data.fallback === 'sandbox' ? (
              <Trans>
                Until keys are saved, payments outside programs use the built-in sandbox, which takes test
                payments only. In production they are refused until keys are saved.
              </Trans>
            ) : (
              <Trans>
                Card orders and payment links outside programs cannot be paid until you save the platform's
                keys.
              </Trans>
            )}
          </p>
        )}
      </section>

      <SaveKeys data={data} nameOf={nameOf} />

      {data.previous.length > 0 && (
        <section className="grid gap-3" aria-labelledby="platform-provider-previous">
          <div className="grid gap-1">
            <h2 id="platform-provider-previous" className="flex items-center gap-2 text-base font-semibold">
              <HistoryIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              <Trans>Earlier keys</Trans>
            </h2>
            <p className="text-[13px] text-muted-foreground">
              <Trans>
                Payments taken on these accounts keep using them for their webhooks and refunds: leave their
                webhook URLs set at the provider while such payments may still change.
              </Trans>
            </p>
          </div>
          <SavedKeysList
            accounts={data.previous}
            providerName={nameOf}
            meta={(account) => (
              <>
                {savedBy(account)}
                {replaced(account)}
              </>
            )}
            label={msg`Earlier keys`}
          />
        </section>
      )}
    </>
  )
}

function SaveKeys({ data, nameOf }: { data: PlatformProvider; nameOf: (provider: string) => string }) {
  const queryClient = useQueryClient()
  const selectId = useId()
  const [provider, setProvider] = useState<ProviderId>(
    () =>
      data.result?.provider ?? data.providers.find((p) => p !== 'sandbox') ?? data.providers[0] ?? 'sandbox',
  )
  const save = async (keys: ProviderKeysInput) => {
    const saved = await savePlatformProvider(keys)
    queryClient.setQueryData(platformProviderKey, saved)
  }
  return (
    <section className="grid gap-4 rounded-lg border px-4 py-4" aria-labelledby="platform-provider-save">
      <div className="grid gap-1">
        <h2 id="platform-provider-save" className="text-base font-semibold">
          <Trans>Save new keys</Trans>
        </h2>
        <p className="text-[13px] text-muted-foreground">
          <Trans>
            Paste the secret API key from the provider's dashboard; it is checked with the provider and stored
            encrypted. New keys take over for new payments at once; payments already made keep their account.
          </Trans>
        </p>
      </div>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={selectId}>
          <Trans>Provider</Trans>
        </Label>
        <Select value={provider} onValueChange={(value) => setProvider(value as ProviderId)}>
          <SelectTrigger id={selectId} data-testid="platform-provider-choice">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {data.providers.map((p) => (
              <SelectItem key={p} value={p}>
                {nameOf(p)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {provider === 'sandbox' && (
          <p className="text-[13px] text-muted-foreground" data-testid="platform-provider-sandbox-note">
            <Trans>The sandbox takes test payments only, with keys that start with sk_test_.</Trans>
          </p>
        )}
      </div>
      <ProviderKeysForm
        key={provider}
        provider={provider}
        onSave={save}
        errorMessage={platformErrorMessage}
        successMessage={msg`Keys saved: new payments outside programs use this account.`}
      />
    </section>
  )
}
