import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AlertCircleIcon, CircleCheckIcon } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { Badge } from '~/components/ui/badge.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { ApiError } from '~/lib/api.ts'
import { fieldIssueMessage } from '~/lib/api-messages.ts'
import { cn } from '~/lib/utils.ts'
import type { MethodSetting } from './actions.ts'
import { methodDescriptions, methodTitles, providerNames } from './labels.tsx'
import type { ProgramMethod } from './queries.ts'

export const noMethodMessage = msg`Use at least one payment method with a provider that can take it.`
const providerRequired = msg`Choose a provider for a method in use.`

type RowError = MessageDescriptor | string

/**
 * The payment methods of a program being edited: a switch "use" and a provider per method of the
 * catalogue. Spec section 5: a used method needs a provider. A payment program needs at least one
 * used method with a provider (the API's `no_validated_method`), checked here before saving.
 */
export function useMethodsForm(methods: ProgramMethod[]) {
  const { i18n } = useLingui()
  const [rows, setRows] = useState<MethodSetting[]>(() =>
    methods.map((m) => ({ method_id: m.id, is_used: m.is_used, provider_id: m.provider })),
  )
  const [errors, setErrors] = useState<Record<string, RowError>>({})
  const [general, setGeneral] = useState<MessageDescriptor | null>(null)

  const setRow = useCallback((id: string, change: Partial<MethodSetting>) => {
    setRows((prev) => prev.map((r) => (r.method_id === id ? { ...r, ...change } : r)))
    setErrors((prev) => {
      if (!(id in prev)) return prev
      const { [id]: _, ...rest } = prev
      return rest
    })
    setGeneral(null)
  }, [])

  /** Checks the rules; true when the settings may be sent. */
  const validate = useCallback((): boolean => {
    const found: Record<string, RowError> = {}
    for (const r of rows) if (r.is_used && !r.provider_id) found[r.method_id] = providerRequired
    setErrors(found)
    const anyValid = rows.some((r) => r.is_used && r.provider_id)
    setGeneral(Object.keys(found).length === 0 && !anyValid ? noMethodMessage : null)
    return Object.keys(found).length === 0 && anyValid
  }, [rows])

  /** Puts a 400's per-method messages (`methods.0.provider_id`) under their methods; true when any. */
  const applyServerErrors = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof ApiError)) return false
      const found: Record<string, RowError> = {}
      for (const [key, issues] of Object.entries(error.fields)) {
        const index = /^methods\.(\d+)\./.exec(key)?.[1]
        const row = index === undefined ? undefined : rows[Number(index)]
        if (row && issues[0]) found[row.method_id] = fieldIssueMessage(issues[0], i18n.locale)
      }
      setErrors(found)
      return Object.keys(found).length > 0
    },
    [rows, i18n],
  )

  return { rows, setRow, errors, general, setGeneral, validate, applyServerErrors }
}

export type MethodsForm = ReturnType<typeof useMethodsForm>

export function MethodsList({
  methods,
  form,
  disabled,
}: {
  methods: ProgramMethod[]
  form: MethodsForm
  disabled?: boolean
}) {
  const { i18n, t } = useLingui()
  const byId = useMemo(() => new Map(methods.map((m) => [m.id, m])), [methods])
  return (
    <div className="grid gap-3">
      {form.general && (
        <p
          role="alert"
          data-testid="methods-error"
          className="flex items-center gap-2 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-[13px] font-medium text-destructive"
        >
          <AlertCircleIcon aria-hidden="true" className="size-4 shrink-0" />
          {i18n._(form.general)}
        </p>
      )}
      <ul className="grid gap-2" aria-label={t`Payment methods`}>
        {form.rows.map((row) => {
          const method = byId.get(row.method_id)
          if (!method) return null
          const title = methodTitles[method.id] ? i18n._(methodTitles[method.id]!) : method.title
          const description = methodDescriptions[method.id]
            ? i18n._(methodDescriptions[method.id]!)
            : method.description
          const error = form.errors[method.id]
          const noProvider = method.providers.length === 0
          const switchId = `method-use-${method.id}`
          const providerId = `method-provider-${method.id}`
          const errorId = `method-error-${method.id}`
          return (
            <li
              key={method.id}
              data-testid="method-row"
              data-method={method.id}
              className={cn(
                'grid gap-3 rounded-lg border px-4 py-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-center',
                row.is_used && 'border-primary-200 bg-primary-50/40',
              )}
            >
              <div className="flex items-start gap-3">
                <Switch
                  id={switchId}
                  checked={row.is_used}
                  onCheckedChange={(checked) => form.setRow(method.id, { is_used: checked })}
                  disabled={disabled || (noProvider && !row.is_used)}
                  aria-label={t`Use ${title}`}
                  data-testid={switchId}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={switchId} className="flex flex-wrap items-center gap-2">
                    {title}
                    {method.validated && (
                      <Badge variant="success" data-testid={`method-validated-${method.id}`}>
                        <CircleCheckIcon aria-hidden="true" />
                        <Trans>Ready</Trans>
                      </Badge>
                    )}
                  </Label>
                  <p className="text-[13px] text-muted-foreground">{description}</p>
                </div>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={providerId} className="text-[13px] text-muted-foreground">
                  <Trans>Provider</Trans>
                </Label>
                {noProvider ? (
                  <p className="text-[13px] text-muted-foreground" id={providerId}>
                    <Trans>No provider can take this method yet.</Trans>
                  </p>
                ) : (
                  <Select
                    value={row.provider_id ?? ''}
                    onValueChange={(value) => form.setRow(method.id, { provider_id: value || null })}
                    disabled={disabled}
                  >
                    <SelectTrigger
                      id={providerId}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      data-testid={providerId}
                    >
                      <SelectValue placeholder={t`Choose a provider`} />
                    </SelectTrigger>
                    <SelectContent>
                      {method.providers.map((provider) => (
                        <SelectItem
                          key={provider}
                          value={provider}
                          data-testid={`provider-option-${provider}`}
                        >
                          {providerNames[provider] ? i18n._(providerNames[provider]!) : provider}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
                {error && (
                  <p
                    id={errorId}
                    role="alert"
                    className="text-[13px] font-medium text-destructive"
                    data-testid={`method-error-${method.id}`}
                  >
                    {typeof error === 'string' ? error : i18n._(error)}
                  </p>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
