import type { BaseSyntheticEvent } from 'react'
import type { FieldValues, Path, UseFormProps, UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { serverFieldErrors } from '~/components/registration/fields.ts'
import { useZodForm } from '~/components/ui/form.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'

/**
 * The form plumbing of the guest screens: a zod-validated form (checked as the user types) whose
 * submit calls the API. A failure the screen does not handle itself (`onError` answers true when
 * it did, after the values were sent) shows the API's per-field messages under this form's fields, or else a localized toast.
 * `submitting` is what inputs and the submit button are disabled by.
 */
export function useApiForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  {
    defaultValues,
    onSubmit,
    onError,
  }: {
    defaultValues: UseFormProps<z.input<Schema>, unknown, z.output<Schema>>['defaultValues']
    onSubmit: (values: z.output<Schema>) => Promise<void>
    onError?: (
      error: unknown,
      values: z.output<Schema>,
      form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>,
    ) => boolean | Promise<boolean>
  },
): {
  form: UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>
  submit: (event?: BaseSyntheticEvent) => Promise<void>
  submitting: boolean
} {
  const form = useZodForm(schema, { mode: 'onChange', defaultValues })
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (error) {
      if (await onError?.(error, values, form)) return
      if (!showFieldErrors(form, serverFieldErrors(error))) notify.error(describeApiError(error))
    }
  })
  return { form, submit, submitting: form.formState.isSubmitting }
}

/** Puts the messages of `fields` under the form's fields of those names; true when any was shown. */
export function showFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  fields: Record<string, string>,
): boolean {
  const names = new Set(Object.keys(form.getValues()))
  let shown = false
  for (const [name, message] of Object.entries(fields)) {
    if (!names.has(name)) continue
    form.setError(name as Path<T>, { type: 'server', message })
    shown = true
  }
  return shown
}
