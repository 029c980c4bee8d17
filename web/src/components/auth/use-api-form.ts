import type { BaseSyntheticEvent } from 'react'
import type { FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { useZodForm } from '~/components/ui/form.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { type FieldErrorOptions, useFieldErrors } from '~/lib/use-field-errors.ts'

/**
 * The form plumbing of the guest screens: a zod-validated form (checked as the user types) whose
 * submit calls the API. A failure the screen does not handle itself (`onError` answers true when
 * it did, after the values were sent) shows the API's per-field errors under this form's fields
 * (`useFieldErrors`, with `fieldErrors` for the screen's own words), or else a localized toast.
 * `submitting` is what inputs and the submit button are disabled by.
 */
export function useApiForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  {
    defaultValues,
    onSubmit,
    onError,
    fieldErrors,
  }: {
    defaultValues: UseFormProps<z.input<Schema>, unknown, z.output<Schema>>['defaultValues']
    onSubmit: (values: z.output<Schema>) => Promise<void>
    onError?: (
      error: unknown,
      values: z.output<Schema>,
      form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>,
    ) => boolean | Promise<boolean>
    fieldErrors?: FieldErrorOptions<z.input<Schema>>
  },
): {
  form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>
  submit: (event?: BaseSyntheticEvent) => Promise<void>
  submitting: boolean
} {
  const form = useZodForm(schema, { mode: 'onChange', defaultValues })
  const showFieldErrors = useFieldErrors(form, fieldErrors)
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (error) {
      if (await onError?.(error, values, form)) return
      if (!showFieldErrors(error).shown) notify.error(describeApiError(error))
    }
  })
  return { form, submit, submitting: form.formState.isSubmitting }
}
