import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { AlertCircleIcon, ArrowUpRightIcon, LogInIcon } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { regexes } from 'zod/v4/core'
import { PasswordVisibilityToggle } from '~/components/auth/password-visibility-toggle.tsx'
import { SubmitButton } from '~/components/auth/submit-button.tsx'
import { useSwitchLocale } from '~/components/language-switcher.tsx'
import { registrationWording } from '~/components/registration/wording.ts'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '~/components/ui/card.tsx'
import { Checkbox } from '~/components/ui/checkbox.tsx'
import {
  FieldControl,
  type FieldIds,
  FieldItem,
  FieldLabel,
  FieldMessage,
  fieldIds,
} from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import {
  homePath,
  type PendingInvitation,
  peekPendingInvitation,
  rememberPendingCard,
  rememberPendingInvitation,
  rememberPendingProgram,
  takePendingDestination,
} from '~/lib/guard.ts'
import { isLocale, storedLocale } from '~/lib/i18n.ts'
import { type Portal, portalCopy, portals } from '~/lib/portal.ts'
import { signIn } from '~/lib/session.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { CardLinkNotice, InvitationNotice } from './link-notices.tsx'
import type { SignInSearch } from './sign-in-route.ts'

/**
 * The sign-in page of every portal: `/` on the admin, program-owner and acceptor portals, and
 * `/sign-in` (every portal; the card holders' one, since their `/` goes to the food area). A
 * signed-in user goes on to the portal's home (spec section 2). `?program=<uuid>` carries a program
 * page opened on the acceptor host before signing in, when the server had to redirect; it is kept
 * in localStorage and removed from the address. `?invitation=<uuid>&invite=<token>` does the same
 * for an invitation link, and the page says what the invitation is; after signing in the acceptor
 * goes back to it (or to the program page). On the card-holder host `?card=<code>` keeps a card
 * link (`/cards/add?token=<code>`) for after signing in.
 */

/** Portals with self-service registration (spec section 2); admins are created by others. */
const hasRegistration: Record<Portal, boolean> = {
  admin: false,
  programs: true,
  acceptor: true,
  cardholder: true,
}

interface SignInValues {
  email: string
  password: string
  remember: boolean
}
type CheckedField = 'email' | 'password'
/** A field's problem as a message id (Lingui), so it is shown in the language of the moment. */
type Problems = Partial<Record<CheckedField, string>>

/**
 * What the form checks before it sends (the API checks again), with the specification's words: an
 * e-mail address is required and must look like one (the pattern of `z.email()`, as on the other
 * forms), a password is required. The sign-in page is the first page of three portals, so its form
 * does without react-hook-form and zod: a guest's first visit does not load them.
 */
function check(values: SignInValues): Problems {
  const email = values.email.trim()
  const problems: Problems = {}
  if (email === '') problems.email = msg`Email required`.id
  else if (!regexes.email.test(email)) problems.email = msg`Invalid email`.id
  if (values.password === '') problems.password = msg`Password required`.id
  return problems
}

type Problem =
  | { kind: 'message'; message: MessageDescriptor }
  | { kind: 'throttled'; minutes: number | null }
  | { kind: 'wrong-portal' }

function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      return {
        kind: 'throttled',
        minutes: error.retryAfter ? Math.max(1, Math.ceil(error.retryAfter / 60)) : null,
      }
    }
    if (error.reason === 'wrong_portal') return { kind: 'wrong-portal' }
  }
  return { kind: 'message', message: describeApiError(error) }
}

export function SignInPage({
  search,
  invitationGone = false,
}: {
  search: SignInSearch
  /** The route found the link's invitation missing (withdrawn, replaced, unknown). */
  invitationGone?: boolean
}) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const { portal } = useRouteContext({ from: '__root__' })
  const { program, invitation, invite, card } = search
  // What the visitor came from a link for: shown above the form, kept while the address is cleaned.
  const [invitationLink, setInvitationLink] = useState<PendingInvitation | null>(
    portal === 'acceptor' && invitation && invite ? { invitation, invite } : null,
  )
  const [cardLink] = useState(portal === 'cardholder' ? card : undefined)
  // Kept once the address is cleaned (the route no longer sees the link then).
  const [linkGone] = useState(invitationGone)
  const { switchLocale } = useSwitchLocale()
  const [showPassword, setShowPassword] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [values, setValues] = useState<SignInValues>({ email: '', password: '', remember: true })
  // Shown under their fields: a field is checked again as it changes, all of them on submit.
  const [problems, setProblems] = useState<Problems>({})
  const [submitting, setSubmitting] = useState(false)
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) }
  const ids = { email: fieldIds(useId()), password: fieldIds(useId()), remember: fieldIds(useId()) }
  const change = (field: CheckedField, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    setProblems((shown) => ({ ...shown, [field]: check(next)[field] }))
  }
  // The API's refusals of a field (lib/use-field-errors.ts) go where the form's own problems go.
  const showFieldErrors = useFieldErrors<SignInValues>(
    {
      getValues: () => values,
      setError: (field, error, options) => {
        if (field === 'remember') return
        setProblems((shown) => ({ ...shown, [field]: error.message }))
        if (options?.shouldFocus) inputs[field].current?.focus()
      },
    },
    { wording: registrationWording },
  )
  // Sign-in needs the script (the API call, the session store), and text typed into the server's
  // HTML before hydration would be lost: the form is enabled once the page is live.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  // A program page or card link opened before signing in (server redirect): keep it, clean the URL.
  useEffect(() => {
    if (!program && !(invitation && invite) && !card) return
    if (program) rememberPendingProgram(program)
    if (invitation && invite) rememberPendingInvitation({ invitation, invite })
    if (card) rememberPendingCard(card)
    void navigate({ to: '.', search: {}, replace: true })
  }, [program, invitation, invite, card, navigate])

  // An invitation link the browser kept before coming here (a redirect in the page): say what it is.
  useEffect(() => {
    if (portal === 'acceptor') setInvitationLink((shown) => shown ?? peekPendingInvitation())
  }, [portal])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = check(values)
    setProblems(found)
    const first = (['email', 'password'] as const).find((field) => found[field])
    if (first) {
      inputs[first].current?.focus()
      return
    }
    setSubmitting(true)
    setProblem(null)
    try {
      const session = await signIn({ ...values, email: values.email.trim() }, portal)
      // Keep the language chosen in this browser; without a choice, the account's language applies.
      const preferred = session.user.language
      if (!storedLocale() && isLocale(preferred) && preferred !== i18n.locale) switchLocale(preferred)
      await navigate({ ...(takePendingDestination(portal) ?? { to: homePath(portal) }), replace: true })
    } catch (error) {
      if (!showFieldErrors(error).shown) setProblem(problemOf(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Card className="gap-7 shadow-xl shadow-slate-900/[0.06]" data-testid="sign-in-card">
      <CardHeader className="gap-2">
        <CardTitle className="text-2xl">
          <Trans>Sign in</Trans>
        </CardTitle>
        <CardDescription className="text-[15px]/normal">
          <Trans>Use the e-mail address and password of your account.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {invitationLink && <InvitationNotice link={invitationLink} gone={linkGone} />}
        {cardLink && <CardLinkNotice token={cardLink} />}
        {problem && <ProblemNotice problem={problem} portal={portal} />}

        {/* POST, never GET: a submit before the script runs must not put the password in the URL. */}
        <form onSubmit={onSubmit} method="post" noValidate className="grid gap-5">
          <fieldset disabled={submitting || !hydrated} className="grid gap-5">
            <FieldItem>
              <FieldLabel ids={ids.email} invalid={!!problems.email}>
                <Trans>E-mail address</Trans>
              </FieldLabel>
              <FieldControl ids={ids.email} invalid={!!problems.email}>
                <Input
                  ref={inputs.email}
                  type="email"
                  name="email"
                  autoComplete="username"
                  placeholder="name@example.com"
                  value={values.email}
                  onChange={(e) => change('email', e.target.value)}
                />
              </FieldControl>
              <Problem ids={ids.email} message={problems.email} />
            </FieldItem>
            <FieldItem>
              <div className="flex items-baseline justify-between gap-3">
                <FieldLabel ids={ids.password} invalid={!!problems.password}>
                  <Trans>Password</Trans>
                </FieldLabel>
                {/* The password reset screens come with their own issue; the path is the spec's. */}
                <a
                  href="/forgot-password"
                  className="text-[13px] font-medium text-primary-600 hover:text-primary-700 hover:underline"
                >
                  <Trans>Forgot password?</Trans>
                </a>
              </div>
              <div className="relative">
                <FieldControl ids={ids.password} invalid={!!problems.password}>
                  <Input
                    ref={inputs.password}
                    type={showPassword ? 'text' : 'password'}
                    name="password"
                    autoComplete="current-password"
                    className="pr-10"
                    value={values.password}
                    onChange={(e) => change('password', e.target.value)}
                  />
                </FieldControl>
                <PasswordVisibilityToggle
                  visible={showPassword}
                  onToggle={() => setShowPassword((v) => !v)}
                />
              </div>
              <Problem ids={ids.password} message={problems.password} />
            </FieldItem>
            <FieldItem className="flex items-center gap-2.5">
              <FieldControl ids={ids.remember} invalid={false}>
                <Checkbox
                  checked={values.remember}
                  onCheckedChange={(v) => setValues((current) => ({ ...current, remember: v === true }))}
                />
              </FieldControl>
              <FieldLabel ids={ids.remember} invalid={false} className="font-normal text-muted-foreground">
                <Trans>Keep me signed in on this device</Trans>
              </FieldLabel>
            </FieldItem>
          </fieldset>
          <SubmitButton submitting={submitting} disabled={!hydrated}>
            <LogInIcon aria-hidden="true" />
            {submitting ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
          </SubmitButton>
        </form>
      </CardContent>
      {hasRegistration[portal] && (
        <CardFooter className="justify-center border-t pt-6 text-sm text-muted-foreground">
          <p>
            <Trans>New here?</Trans>{' '}
            <a
              href="/registration"
              className="font-medium text-primary-600 hover:text-primary-700 hover:underline"
              data-testid="registration-link"
            >
              <Trans>Create an account</Trans>
            </a>
          </p>
        </CardFooter>
      )}
    </Card>
  )
}

/** A field's problem under it, in the language of the moment. */
function Problem({ ids, message }: { ids: FieldIds; message: string | undefined }) {
  const { i18n } = useLingui()
  return (
    <FieldMessage ids={ids} invalid={!!message}>
      {message ? i18n._(message) : null}
    </FieldMessage>
  )
}

function ProblemNotice({ problem, portal }: { problem: Problem; portal: Portal }) {
  const { i18n } = useLingui()
  const minutes = problem.kind === 'throttled' ? problem.minutes : null
  const origins = useRouteContext({ from: '__root__', select: (c) => c.portalOrigins })
  return (
    <div
      role="alert"
      data-testid="sign-in-problem"
      className="flex gap-3 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-[13px] leading-relaxed text-destructive"
    >
      <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1.5">
        {problem.kind === 'message' && <p className="font-medium">{i18n._(problem.message)}</p>}
        {problem.kind === 'throttled' && (
          <>
            <p className="font-medium">
              <Trans>Too many failed sign-ins.</Trans>
            </p>
            <p className="text-foreground/80">
              {minutes === null ? (
                <Trans>Please wait a while before trying again.</Trans>
              ) : (
                <Trans>Please wait {minutes} min before trying again.</Trans>
              )}
            </p>
          </>
        )}
        {problem.kind === 'wrong-portal' && (
          <>
            <p className="font-medium">
              <Trans>This account does not belong to this portal</Trans>
            </p>
            <p className="text-foreground/80">
              <Trans>Sign in on the portal of your account:</Trans>
            </p>
            <ul className="grid gap-1">
              {portals
                .filter((other) => other !== portal && origins[other])
                .map((other) => (
                  <li key={other}>
                    <a
                      href={origins[other]}
                      data-portal-link={other}
                      className="inline-flex items-center gap-1 font-medium text-primary-700 hover:underline"
                    >
                      {i18n._(portalCopy[other].title)}
                      <ArrowUpRightIcon aria-hidden="true" className="size-3.5" />
                    </a>
                  </li>
                ))}
            </ul>
          </>
        )}
      </div>
    </div>
  )
}
