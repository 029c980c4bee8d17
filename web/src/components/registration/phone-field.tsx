import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { Autocomplete } from '~/components/ui/autocomplete.tsx'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { examplePlaceholder } from '~/lib/placeholder.ts'
import { countriesQueryOptions } from '~/lib/queries/geo.ts'
import type { Country } from '~/lib/queries/types.ts'

const withCode = (c: Country) => `${c.phone_code} ${c.name}`

/** The calling code of a country (ISO code) from the reference list, e.g. `+31`. */
export function phoneCodeOf(countries: readonly Country[] | undefined, country: string): string | undefined {
  return countries?.find((c) => c.code === country.toUpperCase())?.phone_code || undefined
}

/**
 * A phone number: the country of its calling code, chosen from the reference list by typing its
 * name or code, and the number itself. The form keeps the country's ISO code (`countryName`);
 * the calling code is looked up when the form is sent.
 */
export function PhoneField({
  numberName,
  countryName,
  label,
}: {
  numberName: string
  countryName: string
  label: ReactNode
}) {
  const { t, i18n } = useLingui()
  const { control } = useFormContext<Record<string, string>>()
  const countries = useQuery(countriesQueryOptions(i18n.locale))
  return (
    <div className="grid gap-2" data-testid={`phone-${numberName}`}>
      <div className="grid grid-cols-[minmax(0,9.5rem)_minmax(0,1fr)] items-start gap-2">
        <FormField
          control={control}
          name={countryName}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t`Country code`}</FormLabel>
              <FormControl>
                <Autocomplete
                  ref={field.ref}
                  name={field.name}
                  items={(countries.data ?? []).filter((c) => c.phone_code)}
                  getLabel={withCode}
                  getKey={(c) => c.code}
                  value={field.value ? field.value.toUpperCase() : null}
                  onValueChange={(code) => field.onChange(code ?? '')}
                  onBlur={field.onBlur}
                  disabled={field.disabled || countries.isPending}
                  placeholder={examplePlaceholder(i18n, '+31')}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name={numberName}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{label}</FormLabel>
              <FormControl>
                <Input
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder={examplePlaceholder(i18n, '612345678')}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
    </div>
  )
}
