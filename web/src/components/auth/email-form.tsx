import { Trans } from '@lingui/react/macro'
import type * as React from 'react'
import { type UseFormReturn, useFormContext } from 'react-hook-form'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'

interface EmailValues {
  email: string
}

/** The "E-mail address" field of the form around it (its field is `email`). */
export function EmailField({
  autoComplete = 'email',
  autoFocus,
}: {
  autoComplete?: 'email' | 'username'
  autoFocus?: boolean
}) {
  const form = useFormContext<EmailValues>()
  return (
    <FormField
      control={form.control}
      name="email"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            <Trans>E-mail address</Trans>
          </FormLabel>
          <FormControl>
            <Input
              type="email"
              autoComplete={autoComplete}
              placeholder="name@example.com"
              autoFocus={autoFocus}
              {...field}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/**
 * A form of the e-mail address alone (registration's first step, a new code, forgot password):
 * the field is disabled while submitting; `children` come between it and the submit button.
 */
export function EmailForm({
  form,
  onSubmit,
  testId,
  autoFocus,
  submit,
  children,
}: {
  form: UseFormReturn<EmailValues, unknown, EmailValues>
  onSubmit: React.FormEventHandler<HTMLFormElement>
  testId: string
  autoFocus?: boolean
  /** The submit button (a `SubmitButton`). */
  submit: React.ReactNode
  children?: React.ReactNode
}) {
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid={testId}>
        <fieldset disabled={form.formState.isSubmitting} className="grid gap-5">
          <EmailField autoFocus={autoFocus} />
        </fieldset>
        {children}
        {submit}
      </form>
    </Form>
  )
}
