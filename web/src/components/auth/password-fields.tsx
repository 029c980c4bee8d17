import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { type ControllerRenderProps, useFormContext, useWatch } from 'react-hook-form'
import { passwordRules } from '~/components/profile/password-rules.ts'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { cn } from '~/lib/utils.ts'
import { PasswordVisibilityToggle } from './password-visibility-toggle.tsx'

interface PasswordValues {
  password: string
  password_confirmation: string
}

/** The password rule hint: each of length, upper-case, lower-case and digit, met or still missing. */
export function PasswordRuleList({ password, className }: { password: string; className: string }) {
  const { i18n } = useLingui()
  return (
    <ul className={className} aria-label={i18n._(msg`Password rules`)} data-testid="password-rules">
      {passwordRules.map((rule) => {
        const met = rule.test(password)
        return (
          <li
            key={rule.key}
            data-rule={rule.key}
            data-met={met}
            className={cn('flex items-center gap-1.5', met ? 'text-green-700' : 'text-muted-foreground')}
          >
            {met ? (
              <CheckIcon aria-hidden="true" className="size-3.5 shrink-0" />
            ) : (
              <XIcon aria-hidden="true" className="size-3.5 shrink-0" />
            )}
            <span>{i18n._(rule.label)}</span>
            <span className="sr-only">{met ? i18n._(msg`done`) : i18n._(msg`missing`)}</span>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * A new password and its confirmation (food.md "Form rules"): with the rule hint naming which of
 * length, upper-case, lower-case and digit is still missing; the confirmation is checked again
 * whenever the first changes ("passwords do not match").
 *
 * `signup` (registration, reset): "Password" / "Repeat the password", a show-password button and
 * the hint in two columns above the field's message. `change` (profile): "New password" / "Repeat
 * new password", no button, the hint in one column under the field's message.
 */
export function NewPasswordFields({
  autoFocus,
  variant = 'signup',
}: {
  autoFocus?: boolean
  variant?: 'signup' | 'change'
}) {
  const form = useFormContext<PasswordValues>()
  const password = useWatch({ control: form.control, name: 'password' }) ?? ''
  const [visible, setVisible] = useState(false)
  const signup = variant === 'signup'
  const type = visible ? 'text' : 'password'

  const rules = (
    <PasswordRuleList
      password={password}
      className={signup ? 'grid grid-cols-2 gap-x-3 gap-y-1 text-[13px]' : 'grid gap-1 text-[13px]'}
    />
  )
  const passwordInput = (field: ControllerRenderProps<PasswordValues, 'password'>) => (
    <FormControl>
      <Input
        type={type}
        autoComplete="new-password"
        className={signup ? 'pr-10' : undefined}
        autoFocus={autoFocus}
        {...field}
        onChange={(e) => {
          field.onChange(e)
          if (form.getValues('password_confirmation')) void form.trigger('password_confirmation')
        }}
      />
    </FormControl>
  )

  return (
    <>
      <FormField
        control={form.control}
        name="password"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{signup ? <Trans>Password</Trans> : <Trans>New password</Trans>}</FormLabel>
            {signup ? (
              <div className="relative">
                {passwordInput(field)}
                <PasswordVisibilityToggle visible={visible} onToggle={() => setVisible((v) => !v)} />
              </div>
            ) : (
              passwordInput(field)
            )}
            {signup && rules}
            <FormMessage />
          </FormItem>
        )}
      />
      {!signup && rules}
      <FormField
        control={form.control}
        name="password_confirmation"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              {signup ? <Trans>Repeat the password</Trans> : <Trans>Repeat new password</Trans>}
            </FormLabel>
            <FormControl>
              <Input type={type} autoComplete="new-password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  )
}
