import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { useFormContext } from 'react-hook-form'
import { z } from 'zod'
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import type { FieldIssue } from '~/lib/api.ts'
import { currenciesQueryOptions } from './queries.ts'

/** A program's title and description as the owner writes them: the Edit dialog's form. */
export const programDetailsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: msg`Enter a title.`.id })
    .max(200, { error: msg`At most 200 characters.`.id }),
  description: z.string().trim().max(5000, { error: msg`At most 5000 characters.`.id }),
})
export type ProgramDetailsValues = z.input<typeof programDetailsSchema>

/** The wizard's first step: the details and the currency the program runs in (a draft's may change). */
export const programDraftDetailsSchema = programDetailsSchema.extend({ currency: z.string().length(3) })
type ProgramDraftDetailsValues = z.input<typeof programDraftDetailsSchema>

/**
 * A program's title and description, and with `withCurrency` its currency, in a form whose values
 * hold them: the wizard's step 0 and the Edit dialog on the program's page. Inputs are tested as
 * `{testIdPrefix}-title` and `{testIdPrefix}-description`, the currency as `program-currency`.
 */
export function ProgramDetailsFields({
  testIdPrefix,
  descriptionHint,
  withCurrency = false,
}: {
  testIdPrefix: string
  /** Said under the description. */
  descriptionHint?: ReactNode
  withCurrency?: boolean
}) {
  const { control } = useFormContext<ProgramDetailsValues>()
  return (
    <>
      <FormField
        control={control}
        name="title"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              <Trans context="program">Title</Trans>
            </FormLabel>
            <FormControl>
              <Input maxLength={200} autoComplete="off" {...field} data-testid={`${testIdPrefix}-title`} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              <Trans context="program">Description</Trans>
            </FormLabel>
            <FormControl>
              <Textarea maxLength={5000} {...field} data-testid={`${testIdPrefix}-description`} />
            </FormControl>
            {descriptionHint && <FormDescription>{descriptionHint}</FormDescription>}
            <FormMessage />
          </FormItem>
        )}
      />
      {withCurrency && <CurrencyField />}
    </>
  )
}

/** The currency's name in the reader's language, from the browser (e.g. "Euro", "евро"). */
function useCurrencyName() {
  const { i18n } = useLingui()
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined
    try {
      names = new Intl.DisplayNames([i18n.locale], { type: 'currency' })
    } catch {
      names = undefined
    }
    return (code: string, fallback: string) => names?.of(code) ?? fallback
  }, [i18n.locale])
}

function CurrencyField() {
  const { t } = useLingui()
  const { control, getValues } = useFormContext<ProgramDraftDetailsValues>()
  const currencies = useQuery(currenciesQueryOptions())
  const currencyName = useCurrencyName()
  const currencyOptions = currencies.data?.results ?? [
    { code: getValues('currency'), name: getValues('currency'), symbol: '', decimals: 2, is_default: true },
  ]
  return (
    <FormField
      control={control}
      name="currency"
      render={({ field }) => (
        <FormItem className="max-w-xs">
          <FormLabel>
            <Trans>Currency</Trans>
          </FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger data-testid="program-currency" aria-label={t`Currency`}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {currencyOptions.map((c) => (
                <SelectItem key={c.code} value={c.code}>
                  {c.code} · {currencyName(c.code, c.name)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormDescription>
            <Trans>It can be changed while the program is a draft.</Trans>
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/**
 * The program screens' words for the API's refusal of a title (the others get the general ones).
 * The details forms show only their own fields (`useFieldErrors` with `fieldOf`).
 */
export function programWording(issue: FieldIssue, field: string): MessageDescriptor | undefined {
  if (field === 'title' && issue.code === 'required') return msg`Enter a title.`
  return undefined
}
