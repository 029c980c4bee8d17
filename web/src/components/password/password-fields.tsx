import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckIcon, EyeIcon, EyeOffIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { passwordRules } from '~/components/profile/password-rules.ts'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { cn } from '~/lib/utils.ts'

interface PasswordValues {
  password: string
  password_confirmation: string
}

/**
 * A new password and its confirmation (food.md "Form rules"): under the first, which of length,
 * upper-case, lower-case and digit is still missing; the confirmation is checked again whenever
 * the first changes ("passwords do not match").
 */
export function NewPasswordFields({ autoFocus }: { autoFocus?: boolean }) {
  const { t, i18n } = useLingui()
  const form = useFormContext<PasswordValues>()
  const password = useWatch({ control: form.control, name: 'password' }) ?? ''
  const [visible, setVisible] = useState(false)

  const toggle = (
    <button
      type="button"
      onClick={() => setVisible((v) => !v)}
      aria-pressed={visible}
      aria-label={visible ? t`Hide password` : t`Show password`}
      className="absolute inset-y-0 right-0 grid w-10 place-content-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      {visible ? (
        <EyeOffIcon aria-hidden="true" className="size-4" />
      ) : (
        <EyeIcon aria-hidden="true" className="size-4" />
      )}
    </button>
  )

  return (
    <>
      <FormField
        control={form.control}
        name="password"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              <Trans>Password</Trans>
            </FormLabel>
            <div className="relative">
              <FormControl>
                <Input
                  type={visible ? 'text' : 'password'}
                  autoComplete="new-password"
                  className="pr-10"
                  autoFocus={autoFocus}
                  {...field}
                  onChange={(e) => {
                    field.onChange(e)
                    if (form.getValues('password_confirmation')) void form.trigger('password_confirmation')
                  }}
                />
              </FormControl>
              {toggle}
            </div>
            <ul
              className="grid grid-cols-2 gap-x-3 gap-y-1 text-[13px]"
              aria-label={i18n._(msg`Password rules`)}
              data-testid="password-rules"
            >
              {passwordRules.map((rule) => {
                const met = rule.test(password)
                return (
                  <li
                    key={rule.key}
                    data-rule={rule.key}
                    data-met={met}
                    className={cn(
                      'flex items-center gap-1.5',
                      met ? 'text-green-700' : 'text-muted-foreground',
                    )}
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
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="password_confirmation"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              <Trans>Repeat the password</Trans>
            </FormLabel>
            <FormControl>
              <Input type={visible ? 'text' : 'password'} autoComplete="new-password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  )
}
