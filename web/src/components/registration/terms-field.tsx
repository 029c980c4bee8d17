import { Trans } from '@lingui/react/macro'
import { useFormContext } from 'react-hook-form'
import { Checkbox } from '~/components/ui/checkbox.tsx'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '~/components/ui/form.tsx'

/** "I accept the terms and the privacy statement": required by every registration. */
export function TermsField() {
  const { control } = useFormContext<{ terms: boolean }>()
  return (
    <FormField
      control={control}
      name="terms"
      render={({ field }) => (
        <FormItem>
          <div className="flex items-start gap-2.5">
            <FormControl>
              <Checkbox
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                className="mt-0.5"
                data-testid="terms"
              />
            </FormControl>
            <FormLabel className="leading-snug font-normal text-foreground/90">
              <Trans>I accept the terms of use and the privacy statement.</Trans>
            </FormLabel>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
