import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { Autocomplete } from '~/components/ui/autocomplete.tsx'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '~/components/ui/form.tsx'
import { countriesQueryOptions } from '~/lib/queries/geo.ts'
import type { Country } from '~/lib/queries/types.ts'

const countryName = (c: Country) => c.name
const countryCode = (c: Country) => c.code

/**
 * A country chosen from the reference list by typing part of its name (in the interface language);
 * the profile keeps the ISO code.
 */
export function CountryField({ name, label }: { name: string; label: ReactNode }) {
  const { t, i18n } = useLingui()
  const { control } = useFormContext<Record<string, string>>()
  const countries = useQuery(countriesQueryOptions(i18n.locale))
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Autocomplete
              ref={field.ref}
              name={field.name}
              items={countries.data ?? []}
              getLabel={countryName}
              getKey={countryCode}
              value={field.value ? field.value.toUpperCase() : null}
              onValueChange={(code) => field.onChange(code ?? '')}
              onBlur={field.onBlur}
              disabled={field.disabled || countries.isPending}
              placeholder={countries.isPending ? t`Loading countries…` : t`Type to search`}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
