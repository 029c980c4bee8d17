import type { I18n, MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { AlertCircleIcon, ArrowUpRightIcon } from 'lucide-react'
import { registrationWording } from '~/components/registration/wording.ts'
import { ApiError } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import { type Portal, portalCopy, portals } from '~/lib/portal.ts'
import { type FieldErrorTarget, placeFieldErrors } from '~/lib/use-field-errors.ts'

/**
 * What the sign-in page shows when the API refuses: loaded only then (sign-in-page.tsx), so the
 * page's first load leaves out the API's error texts, their wording and this notice.
 */

export type Problem =
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

/**
 * Puts the API's refusal where it belongs: a field's problem under its field (the words of
 * registration, lib/use-field-errors.ts), anything else as the notice above the form (answered).
 */
export function problemOfRefusal<T extends { email: string; password: string }>(
  error: unknown,
  form: FieldErrorTarget<T>,
  i18n: I18n,
): Problem | null {
  if (placeFieldErrors(error, form, { wording: registrationWording }, i18n).shown) return null
  return problemOf(error)
}

export function ProblemNotice({ problem, portal }: { problem: Problem; portal: Portal }) {
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
