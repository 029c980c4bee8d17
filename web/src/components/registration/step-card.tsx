import { Trans } from '@lingui/react/macro'
import { ClientOnly, useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button.tsx'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '~/components/ui/card.tsx'
import { Skeleton } from '~/components/ui/skeleton.tsx'
import { signInPath } from '~/lib/guard.ts'

/**
 * The card every registration and password step is shown in: where the visitor is ("Step 2 of
 * 4"), what the step asks, the form, and links out (sign in, start again) in the footer.
 * The body renders in the browser only: the steps read their state from sessionStorage, which the
 * server cannot see, so the server sends a placeholder of the same size.
 */
export function StepCard({
  step,
  of,
  title,
  description,
  children,
  footer,
  testId,
}: {
  step?: number
  of?: number
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
  testId?: string
}) {
  return (
    <Card className="gap-7 shadow-xl shadow-slate-900/[0.06]" data-testid={testId}>
      <CardHeader className="gap-2">
        {step !== undefined && of !== undefined && (
          <div className="mb-1 grid gap-2">
            <p className="text-[13px] font-medium text-primary-700" data-testid="step-indicator">
              <Trans>
                Step {step} of {of}
              </Trans>
            </p>
            <div className="flex gap-1.5" aria-hidden="true">
              {Array.from({ length: of }, (_, i) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of segments
                  key={i}
                  className={`h-1 flex-1 rounded-full ${i < step ? 'bg-primary-500' : 'bg-primary-100'}`}
                />
              ))}
            </div>
          </div>
        )}
        <CardTitle className="text-2xl">{title}</CardTitle>
        {description && <CardDescription className="text-[15px]/normal">{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-6">
        <ClientOnly fallback={<StepSkeleton />}>{children}</ClientOnly>
      </CardContent>
      {footer && (
        <CardFooter className="justify-center border-t pt-6 text-sm text-muted-foreground">
          {footer}
        </CardFooter>
      )}
    </Card>
  )
}

function StepSkeleton() {
  return (
    <div className="grid gap-5" aria-busy="true">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  )
}

/** "Already have an account? Sign in", the footer of the registration steps. */
export function SignInFooter() {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  return (
    <p>
      <Trans>Already have an account?</Trans>{' '}
      <a
        href={signInPath(portal)}
        className="font-medium text-primary-600 hover:text-primary-700 hover:underline"
      >
        <Trans>Sign in</Trans>
      </a>
    </p>
  )
}

/** A notice inside a step: an error with what to do next, or a neutral hint. */
export function Notice({
  tone = 'error',
  children,
  testId,
}: {
  tone?: 'error' | 'info'
  children: ReactNode
  testId?: string
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={
        tone === 'error'
          ? 'grid gap-1.5 rounded-lg border border-destructive/25 bg-destructive/5 px-3.5 py-3 text-[13px] leading-relaxed text-destructive'
          : 'grid gap-1.5 rounded-lg border border-primary-200 bg-primary-50 px-3.5 py-3 text-[13px] leading-relaxed text-primary-900'
      }
    >
      {children}
    </div>
  )
}

/**
 * "Link expired", the error of a code, confirmation or e-mailed link that can no longer be used:
 * `children` say why and what next; `onNewCode` adds a "Send a new code" button.
 */
export function LinkExpiredNotice({
  children,
  onNewCode,
  testId,
}: {
  children: ReactNode
  onNewCode?: () => void
  testId?: string
}) {
  return (
    <Notice testId={testId}>
      <p className="font-medium">
        <Trans>Link expired</Trans>
      </p>
      <p className="text-foreground/80">{children}</p>
      {onNewCode && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onNewCode}>
          <Trans>Send a new code</Trans>
        </Button>
      )}
    </Notice>
  )
}
