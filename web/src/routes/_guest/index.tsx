import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ClockIcon, EyeIcon, EyeOffIcon, LogInIcon } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Checkbox } from '~/components/ui/checkbox.tsx'
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
import { notify } from '~/lib/notify.tsx'

/**
 * The start page of every portal. It is the sign-in page (for card holders the food area will take
 * `/` over); signing in itself arrives with the identity module.
 */
export const Route = createFileRoute('/_guest/')({
  component: SignIn,
})

const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: msg`Enter your e-mail address.`.id })
    .pipe(z.email({ error: msg`Enter a valid e-mail address, such as name@example.com.`.id })),
  password: z.string().min(1, { error: msg`Enter your password.`.id }),
  remember: z.boolean(),
})

function SignIn() {
  const { t } = useLingui()
  const [showPassword, setShowPassword] = useState(false)
  const form = useZodForm(signInSchema, { defaultValues: { email: '', password: '', remember: true } })
  const submitting = form.formState.isSubmitting

  const onSubmit = form.handleSubmit(async () => {
    notify.info(msg`Sign-in is not available yet.`, {
      description: msg`We are preparing accounts for this portal. Please try again soon.`,
    })
  })

  return (
    <Card className="gap-7 shadow-xl shadow-slate-900/[0.06]" data-testid="sign-in-card">
      <CardHeader className="gap-2">
        <CardTitle className="text-2xl">
          <Trans>Sign in</Trans>
        </CardTitle>
        <CardDescription className="text-[15px]">
          <Trans>Use the e-mail address and password of your account.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-primary-100 bg-primary-50/70 px-3.5 py-3 text-[13px] leading-relaxed text-primary-900"
        >
          <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-600" />
          <p>
            <span className="font-semibold">
              <Trans>Sign-in opens soon.</Trans>
            </span>{' '}
            <Trans>
              We are putting the finishing touches to accounts; you can already choose your language.
            </Trans>
          </p>
        </div>

        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <fieldset disabled={submitting} className="grid gap-5">
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      <Trans>E-mail address</Trans>
                    </FormLabel>
                    <FormControl>
                      <Input type="email" autoComplete="username" placeholder="name@example.com" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
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
                          type={showPassword ? 'text' : 'password'}
                          autoComplete="current-password"
                          className="pr-10"
                          {...field}
                        />
                      </FormControl>
                      <button
                        type="button"
                        onClick={() => setShowPassword((v) => !v)}
                        aria-pressed={showPassword}
                        aria-label={showPassword ? t`Hide password` : t`Show password`}
                        className="absolute inset-y-0 right-0 grid w-10 place-content-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                      >
                        {showPassword ? (
                          <EyeOffIcon aria-hidden="true" className="size-4" />
                        ) : (
                          <EyeIcon aria-hidden="true" className="size-4" />
                        )}
                      </button>
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="remember"
                render={({ field }) => (
                  <FormItem className="flex items-center gap-2.5">
                    <FormControl>
                      <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
                    </FormControl>
                    <FormLabel className="font-normal text-muted-foreground">
                      <Trans>Keep me signed in on this device</Trans>
                    </FormLabel>
                  </FormItem>
                )}
              />
            </fieldset>
            <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting}>
              <LogInIcon aria-hidden="true" />
              <Trans>Sign in</Trans>
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
