import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { KeyRoundIcon } from 'lucide-react'
import { NewPasswordFields } from '~/components/auth/password-fields.tsx'
import { useApiForm } from '~/components/auth/use-api-form.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { ApiError, api } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { profileKeys } from '~/lib/queries/profile.ts'
import { passwordChangeSchema } from './password-rules.ts'
import { profileWording } from './profile-schema.ts'

const empty = { old_password: '', password: '', password_confirmation: '' }

/** Change the password: the current one, the new one twice. Every other session ends on success. */
export function PasswordForm({ email }: { email: string }) {
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (body: typeof empty) => api.put('/user/profile', body),
  })

  const { form, submit, submitting } = useApiForm(passwordChangeSchema, {
    defaultValues: empty,
    onSubmit: async (values) => {
      await change.mutateAsync(values)
      form.reset(empty)
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions() })
      notify.success(msg`Your password is changed.`, {
        description: msg`Your other devices were signed out.`,
      })
    },
    // The profile's own wording: its messages under the fields, else "could not be changed".
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fields).length) return false
      notify.error(msg`Your password could not be changed.`, { description: msg`Please try again.` })
      return true
    },
    fieldErrors: { wording: profileWording },
  })

  return (
    <Card data-testid="password-card">
      <CardHeader>
        <CardTitle>
          <Trans>Password</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>After a change, every other device is signed out.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <fieldset disabled={submitting} className="grid gap-4">
              {/* Lets password managers file the new password under the right account. */}
              <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
              <FormField
                control={form.control}
                name="old_password"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans>Current password</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input type="password" autoComplete="current-password" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <NewPasswordFields variant="change" />
            </fieldset>
            <Button type="submit" variant="secondary" disabled={submitting} aria-busy={submitting}>
              <KeyRoundIcon aria-hidden="true" />
              {submitting ? <Trans>Changing…</Trans> : <Trans>Change password</Trans>}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
