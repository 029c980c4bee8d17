import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AlertCircleIcon, CircleCheckIcon } from 'lucide-react'
import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { methodDescriptions, methodTitles, providerNames } from '~/components/shared/program-labels.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { FormControl, FormField, FormItem, FormMessage, useZodForm } from '~/components/ui/form.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { cn } from '~/lib/utils.ts'
import type { MethodSetting } from './actions.ts'
import type { ProgramMethod } from './queries.ts'

export const noMethodMessage = msg`Use at least one payment method with a provider that can take it.`
const providerRequired = msg`Choose a provider for a method in use.`

/**
 * Spec section 5: a used method needs a provider (said under its provider). A payment program
 * needs at least one used method with a provider (the API's `no_validated_method`): said above
 * the list (`methods.root`) when no method is in use at all.
 */
const methodsSchema = z
  .object({
    methods: z.array(
      z.object({ method_id: z.string(), is_used: z.boolean(), provider_id: z.string().nullable() }),
    ),
  })
  .superRefine(({ methods }, ctx) => {
    methods.forEach((row, i) => {
      if (row.is_used && !row.provider_id)
        ctx.addIssue({ code: 'custom', path: ['methods', i, 'provider_id'], message: providerRequired.id })
    })
    if (!methods.some((row) => row.is_used)) {
      ctx.addIssue({ code: 'custom', path: ['methods'], message: noMethodMessage.id })
    }
  })

type RowPath = `methods.${number}.provider_id`
/** Where the resolver puts the list's own error (an issue at `methods`, whose rows are fields). */
const listErrorPath = 'methods.root' as never

/**
 * The payment methods of a program being edited, as a react-hook-form form: a switch "use" and
 * a provider per method of the catalogue. `showFieldErrors` puts a 400's per-method messages
 * (`methods.0.provider_id`, `methods.0.method_id`) under their method's provider; `setGeneral`
 * says what concerns the whole list above it.
 */
export function useMethodsForm(methods: ProgramMethod[]) {
  const form = useZodForm(methodsSchema, {
    defaultValues: {
      methods: methods.map((m) => ({ method_id: m.id, is_used: m.is_used, provider_id: m.provider })),
    },
    mode: 'onSubmit',
  })
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => {
      const index = /^methods\.(\d+)\./.exec(path)?.[1]
      return index === undefined ? undefined : (`methods.${Number(index)}.provider_id` as RowPath)
    },
  })
  const rows: MethodSetting[] = useWatch({ control: form.control, name: 'methods' })
  const setGeneral = (message: typeof noMethodMessage) =>
    form.setError(listErrorPath, { type: 'server', message: message.id })
  return { form, rows, showFieldErrors, setGeneral }
}

export type MethodsForm = ReturnType<typeof useMethodsForm>

export function MethodsList({
  methods,
  form: { form },
  disabled,
}: {
  methods: ProgramMethod[]
  form: MethodsForm
  disabled?: boolean
}) {
  const { i18n, t } = useLingui()
  const byId = useMemo(() => new Map(methods.map((m) => [m.id, m])), [methods])
  const rows = useWatch({ control: form.control, name: 'methods' })
  const listError = form.formState.errors.methods?.root?.message ?? form.formState.errors.methods?.message
  /** A change of a row takes back what was said about it and about the list. */
  const changed = (index: number) => {
    form.clearErrors([`methods.${index}`, listErrorPath])
    if (form.formState.isSubmitted) void form.trigger(`methods.${index}.provider_id`)
  }
  return (
    <div className="grid gap-3">
      {listError && (
        <p
          role="alert"
          data-testid="methods-error"
          className="flex items-center gap-2 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-[13px] font-medium text-destructive"
        >
          <AlertCircleIcon aria-hidden="true" className="size-4 shrink-0" />
          {i18n._(listError)}
        </p>
      )}
      <ul className="grid gap-2" aria-label={t`Payment methods`}>
        {rows.map((row, index) => {
          const method = byId.get(row.method_id)
          if (!method) return null
          const title = methodTitles[method.id] ? i18n._(methodTitles[method.id]!) : method.title
          const description = methodDescriptions[method.id]
            ? i18n._(methodDescriptions[method.id]!)
            : method.description
          const noProvider = method.providers.length === 0
          const switchId = `method-use-${method.id}`
          const providerId = `method-provider-${method.id}`
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
              <FormField
                control={form.control}
                name={`methods.${index}.is_used`}
                render={({ field }) => (
                  <div className="flex items-start gap-3">
                    <Switch
                      id={switchId}
                      ref={field.ref}
                      checked={field.value}
                      onCheckedChange={(checked) => {
                        field.onChange(checked)
                        changed(index)
                      }}
                      onBlur={field.onBlur}
                      disabled={disabled || (noProvider && !field.value)}
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
                )}
              />
              <FormField
                control={form.control}
                name={`methods.${index}.provider_id`}
                render={({ field }) => (
                  <FormItem className="gap-1.5">
                    <Label htmlFor={providerId} className="text-[13px]/normal text-muted-foreground">
                      <Trans>Provider</Trans>
                    </Label>
                    {noProvider ? (
                      <p className="text-[13px] text-muted-foreground" id={providerId}>
                        <Trans>No provider can take this method yet.</Trans>
                      </p>
                    ) : (
                      <Select
                        value={field.value ?? ''}
                        onValueChange={(value) => {
                          field.onChange(value || null)
                          changed(index)
                        }}
                        disabled={disabled}
                        name={field.name}
                      >
                        <FormControl>
                          <SelectTrigger
                            id={providerId}
                            ref={field.ref}
                            onBlur={field.onBlur}
                            data-testid={providerId}
                          >
                            <SelectValue placeholder={t`Choose a provider`} />
                          </SelectTrigger>
                        </FormControl>
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
                    <FormMessage data-testid={`method-error-${method.id}`} />
                  </FormItem>
                )}
              />
            </li>
          )
        })}
      </ul>
    </div>
  )
}
