import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CheckIcon, KeyRoundIcon, XIcon } from 'lucide-react'
import { useWatch } from 'react-hook-form'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { ApiError, api } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { profileKeys } from '~/lib/queries/profile.ts'
import { cn } from '~/lib/utils.ts'
import { passwordChangeSchema, passwordRules } from './password-rules.ts'
import { serverMessageId } from './profile-schema.ts'

const empty = { old_password: '', password: '', password_confirmation: '' }
type Field = keyof typeof empty

/** Change the password: the current one, the new one twice. Every other session ends on success. */
export function PasswordForm({ email }: { email: string }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const form = useZodForm(passwordChangeSchema, { defaultValues: empty, mode: 'onChange' })
  const password = useWatch({ control: form.control, name: 'password' }) ?? ''
  const submitting = form.formState.isSubmitting

  const change = useMutation({
    mutationFn: (body: typeof empty) => api.put('/user/profile', body),
  })

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values)
      form.reset(empty)
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions() })
      notify.success(msg`Your password is changed.`, {
        description: msg`Your other devices were signed out.`,
      })
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        for (const [field, messages] of Object.entries(err.fields)) {
          if (field in empty)
            form.setError(field as Field, { type: 'server', message: serverMessageId(messages[0] ?? '') })
        }
      } else {
        notify.error(msg`Your password could not be changed.`, { description: msg`Please try again.` })
      }
    }
  })

  const field = (name: Field, label: React.ReactNode, autoComplete: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="password"
              autoComplete={autoComplete}
              {...field}
              onChange={(e) => {
                field.onChange(e)
                // The confirmation is checked again whenever the new password changes.
                if (name === 'password' && form.getValues('password_confirmation'))
                  void form.trigger('password_confirmation')
              }}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )

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
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <fieldset disabled={submitting} className="grid gap-4">
              {/* Lets password managers file the new password under the right account. */}
              <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
              {field('old_password', <Trans>Current password</Trans>, 'current-password')}
              {field('password', <Trans>New password</Trans>, 'new-password')}
              <ul
                className="grid gap-1 text-[13px]"
                aria-label={i18n._(msg`Password rules`)}
                data-testid="password-rules"
              >
                {passwordRules.map((rule) => {
                  const met = rule.test(password)
                  return (
                    <li
                      key={rule.key}
                      data-met={met}
                      className={cn(
                        'flex items-center gap-1.5',
                        met ? 'text-green-700' : 'text-muted-foreground',
                      )}
                    >
                      {met ? (
                        <CheckIcon aria-hidden="true" className="size-3.5" />
                      ) : (
                        <XIcon aria-hidden="true" className="size-3.5" />
                      )}
                      <span>{i18n._(rule.label)}</span>
                      <span className="sr-only">{met ? i18n._(msg`done`) : i18n._(msg`missing`)}</span>
                    </li>
                  )
                })}
              </ul>
              {field('password_confirmation', <Trans>Repeat new password</Trans>, 'new-password')}
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
