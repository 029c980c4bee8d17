import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { CardImageField } from './card-image-field.tsx'
import type { CardTextValues } from './card-settings-values.ts'

/**
 * The card's title, description and image, in a form whose values hold them (`CardTextValues`):
 * the card settings form and, once cards are paid for, the dialog that edits only these. Inputs
 * are tested as `{testIdPrefix}-title` and `{testIdPrefix}-description`.
 */
export function CardTextFields({
  disabled,
  testIdPrefix,
  descriptionHint,
}: {
  disabled: boolean
  testIdPrefix: string
  /** Said under the description. */
  descriptionHint?: ReactNode
}) {
  const { control } = useFormContext<CardTextValues>()
  return (
    <>
      <FormField
        control={control}
        name="title"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              <Trans context="card">Card title</Trans>
            </FormLabel>
            <FormControl>
              <Input
                maxLength={200}
                autoComplete="off"
                disabled={disabled}
                {...field}
                data-testid={`${testIdPrefix}-title`}
              />
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
              <Trans context="card">Card description</Trans>
            </FormLabel>
            <FormControl>
              <Textarea
                maxLength={2000}
                disabled={disabled}
                {...field}
                data-testid={`${testIdPrefix}-description`}
              />
            </FormControl>
            {descriptionHint && <FormDescription>{descriptionHint}</FormDescription>}
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="image"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              <Trans context="card">Image</Trans>
            </FormLabel>
            <CardImageField
              value={field.value}
              onChange={(image) => field.onChange(image)}
              disabled={disabled}
            />
            <FormMessage data-testid="card-image-problem" />
          </FormItem>
        )}
      />
    </>
  )
}
