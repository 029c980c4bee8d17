import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { LogInIcon } from 'lucide-react'
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react'
import { regexes } from 'zod/v4/core'
import { PasswordVisibilityToggle } from '~/components/auth/password-visibility-toggle.tsx'
import { SubmitButton } from '~/components/auth/submit-button.tsx'
import { useSwitchLocale } from '~/components/language-switcher.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
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
import {
  type BillLink,
  homePath,
  type PendingInvitation,
  peekPendingBill,
  peekPendingInvitation,
  rememberPendingBill,
  rememberPendingCard,
  rememberPendingInvitation,
  rememberPendingProgram,
  takePendingDestination,
} from '~/lib/guard.ts'
import { isLocale, storedLocale } from '~/lib/i18n.ts'
import type { Portal } from '~/lib/portal.ts'
import { signIn } from '~/lib/session.ts'
import type { FieldErrorTarget } from '~/lib/use-field-errors.ts'
import type { Problem } from './sign-in-problem.tsx'
import type { SignInSearch } from './sign-in-route.ts'

/*
 * What only some visits show loads when they need it: the notices about the link a visitor came
 * from (with the program's labels and the invitation's query) and what a refusal shows.
 */
const loadLinkNotices = () => import('./link-notices.tsx')
const InvitationNotice = lazy(() => loadLinkNotices().then((m) => ({ default: m.InvitationNotice })))
const CardLinkNotice = lazy(() => loadLinkNotices().then((m) => ({ default: m.CardLinkNotice })))
const BillLinkNotice = lazy(() => loadLinkNotices().then((m) => ({ default: m.BillLinkNotice })))
const loadProblems = () => import('./sign-in-problem.tsx')
const ProblemNotice = lazy(() => loadProblems().then((m) => ({ default: m.ProblemNotice })))

/**
 * The sign-in page of every portal: `/` on the admin, program-owner and acceptor portals, and
 * `/sign-in` (every portal; the card holders' one, since their `/` goes to the food area). A
 * signed-in user goes on to the portal's home (spec section 2). `?program=<uuid>` carries a program
 * page opened on the acceptor host before signing in, when the server had to redirect; it is kept
 * in localStorage and removed from the address. `?invitation=<uuid>&invite=<token>` does the same
 * for an invitation link, and the page says what the invitation is; after signing in the acceptor
 * goes back to it (or to the program page). On the card-holder host `?card=<code>` keeps a card
 * link (`/cards/add?token=<code>`) for after signing in, and `?bill=<uuid>` (`&pay=1` for its pay
 * link) a bill link of an e-mail (`/bills/<uuid>`, `/bills/<uuid>/payment`).
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
  const { program, invitation, invite, card, bill, pay } = search
  // What the visitor came from a link for: shown above the form, kept while the address is cleaned.
  const [invitationLink, setInvitationLink] = useState<PendingInvitation | null>(
    portal === 'acceptor' && invitation && invite ? { invitation, invite } : null,
  )
  const [cardLink] = useState(portal === 'cardholder' ? card : undefined)
  const [billLink, setBillLink] = useState<BillLink | null>(
    portal === 'cardholder' && bill ? { bill, pay: pay === 1 } : null,
  )
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
  // The API's refusals of a field go where the form's own problems go (sign-in-problem.tsx).
  const fieldTarget: FieldErrorTarget<SignInValues> = {
    getValues: () => values,
    setError: (field, error, options) => {
      if (field === 'remember') return
      setProblems((shown) => ({ ...shown, [field]: error.message }))
      if (options?.shouldFocus) inputs[field].current?.focus()
    },
  }
  // A program page or card link opened before signing in (server redirect): keep it, clean the URL.
  useEffect(() => {
    if (!program && !(invitation && invite) && !card && !bill) return
    if (program) rememberPendingProgram(program)
    if (invitation && invite) rememberPendingInvitation({ invitation, invite })
    if (card) rememberPendingCard(card)
    if (bill && portal === 'cardholder') rememberPendingBill({ bill, pay: pay === 1 })
    void navigate({ to: '.', search: {}, replace: true })
  }, [program, invitation, invite, card, bill, pay, portal, navigate])

  // An invitation link the browser kept before coming here (a redirect in the page): say what it is.
  useEffect(() => {
    if (portal === 'acceptor') setInvitationLink((shown) => shown ?? peekPendingInvitation())
    if (portal === 'cardholder') setBillLink((shown) => shown ?? peekPendingBill())
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
      const { problemOfRefusal } = await loadProblems()
      setProblem(problemOfRefusal(error, fieldTarget, i18n))
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
        {(invitationLink || cardLink || billLink) && (
          <Suspense>
            {invitationLink && <InvitationNotice link={invitationLink} gone={linkGone} />}
            {cardLink && <CardLinkNotice token={cardLink} />}
            {billLink && !cardLink && <BillLinkNotice pay={billLink.pay} />}
          </Suspense>
        )}
        {problem && (
          <Suspense>
            <ProblemNotice problem={problem} portal={portal} />
          </Suspense>
        )}

        {/* POST, never GET: a submit before the script runs must not put the password in the URL. */}
        <form
          onSubmit={onSubmit}
          // What a refusal shows is fetched as soon as the visitor starts on the form, so it is
          // there even when the refusal is a lost connection.
          onFocus={() => void loadProblems()}
          method="post"
          noValidate
          className="grid gap-5"
        >
          <LiveFieldset submitting={submitting}>
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
              <FieldProblem ids={ids.email} message={problems.email} />
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
              <FieldProblem ids={ids.password} message={problems.password} />
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
          </LiveFieldset>
          <LiveSubmitButton submitting={submitting}>
            <LogInIcon aria-hidden="true" />
            {submitting ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
          </LiveSubmitButton>
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

/*
 * Sign-in needs the script (the API call, the session store), and text typed into the server's
 * HTML before hydration would be lost: the fields and the button are enabled once the page is live.
 * Each holds that state itself, so going live redraws a fieldset and a button, not the page.
 */
function LiveFieldset({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <fieldset disabled={submitting || !hydrated} className="grid gap-5">
      {children}
    </fieldset>
  )
}

function LiveSubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <SubmitButton submitting={submitting} disabled={!hydrated}>
      {children}
    </SubmitButton>
  )
}

/** A field's problem under it, in the language of the moment. */
function FieldProblem({ ids, message }: { ids: FieldIds; message: string | undefined }) {
  const { i18n } = useLingui()
  return (
    <FieldMessage ids={ids} invalid={!!message}>
      {message ? i18n._(message) : null}
    </FieldMessage>
  )
}
