import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { LoaderCircleIcon, SearchIcon } from 'lucide-react'
import { type ReactNode, type Ref, useId } from 'react'
import { formatSeconds, useCountdown } from '~/components/auth/countdown.ts'
import { Button, type ButtonProps } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import { CardCodeInput } from './card-code-input.tsx'
import type { TokenShapeProblem } from './token.ts'

/**
 * Looking a card up by its code, as the card holder (/cards/add) and the acceptor (at a cashpoint)
 * both do: the code field with what is wrong with the code under it, the look-up button, and the
 * wait after too many look-ups.
 */

/** A refusal said under a field: read out at once, in the error colour. */
export function FieldAlert({
  id,
  testId,
  kind,
  children,
}: {
  id?: string
  testId: string
  /** What went wrong, as a key (`data-kind`), for tests and styling. */
  kind?: string
  children: ReactNode
}) {
  return (
    <p
      id={id}
      role="alert"
      className="text-[13px] font-medium text-destructive"
      data-testid={testId}
      data-kind={kind}
    >
      {children}
    </p>
  )
}

/**
 * The card code field: its label, the code input, what a code looks like, and what is wrong with
 * the code (`card-token-error`, with its kind). `children` go below it, for what went wrong beyond
 * the code.
 */
export function CardCodeField({
  inputRef,
  value,
  onChange,
  autoFocus,
  description,
  error,
  children,
}: {
  inputRef: Ref<HTMLInputElement | null>
  value: string
  onChange: (code: string, how: 'typed' | 'pasted') => void
  autoFocus?: boolean
  description: ReactNode
  error: { kind: string; text: ReactNode } | null
  children?: ReactNode
}) {
  const fieldId = useId()
  const messageId = `${fieldId}-message`
  const descriptionId = `${fieldId}-description`
  return (
    <div className="grid gap-2">
      <Label htmlFor={fieldId} data-error={error ? true : undefined}>
        <Trans>Card code</Trans>
      </Label>
      <CardCodeInput
        ref={inputRef}
        id={fieldId}
        value={value}
        onChange={onChange}
        autoFocus={autoFocus}
        invalid={error !== null}
        describedBy={error ? `${descriptionId} ${messageId}` : descriptionId}
      />
      <p id={descriptionId} className="text-[13px] text-muted-foreground">
        {description}
      </p>
      {error && (
        <FieldAlert id={messageId} testId="card-token-error" kind={error.kind}>
          {error.text}
        </FieldAlert>
      )}
      {children}
    </div>
  )
}

/** A message worded here (a Lingui descriptor), or one the API gave as it came (a string). */
export function MessageText({ message }: { message: MessageDescriptor | string }) {
  const { i18n } = useLingui()
  return <>{typeof message === 'string' ? message : i18n._(message)}</>
}

/** Why a typed code is not a whole one, before the API is asked. */
export function TokenShapeText({ problem }: { problem: TokenShapeProblem }) {
  if (problem.kind === 'incomplete') {
    return <Trans>Enter all 16 characters of the code, such as ABCD-EFGH-JKLM-NPQR.</Trans>
  }
  const characters = problem.characters.join(', ')
  return <Trans>A card code never holds {characters}. Check these characters against the card.</Trans>
}

/**
 * The wait after too many look-ups (a `throttled` problem, with when trying again makes sense):
 * the seconds left, whether the buttons still wait, and whether the problem is still worth showing
 * (not once a known wait has run out).
 */
export function useLookupWait(problem: { kind: string; retryAt?: number | undefined } | null) {
  const retryAt = problem?.kind === 'throttled' ? problem.retryAt : undefined
  const waitSeconds = useCountdown(retryAt)
  const waiting = retryAt !== undefined && waitSeconds > 0
  const showProblem = problem !== null && !(problem.kind === 'throttled' && !waiting && retryAt !== undefined)
  return { waitSeconds, waiting, showProblem }
}

/** A button's text, or how long it still has to wait. */
export function WaitOr({ seconds, children }: { seconds: number; children: ReactNode }) {
  const time = formatSeconds(seconds)
  if (seconds <= 0) return <>{children}</>
  return <Trans>Wait {time}</Trans>
}

/** "Look up the card" (`card-lookup`): submits the code field's form; spins while looking up. */
export function LookUpButton({
  variant,
  disabled,
  pending,
  waitSeconds,
}: {
  variant?: ButtonProps['variant']
  disabled: boolean
  pending: boolean
  /** Seconds still to wait after too many look-ups; 0 when there is no wait. */
  waitSeconds: number
}) {
  return (
    <Button type="submit" variant={variant} disabled={disabled} aria-busy={pending} data-testid="card-lookup">
      {pending ? (
        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
      ) : (
        <SearchIcon aria-hidden="true" />
      )}
      <WaitOr seconds={waitSeconds}>
        <Trans>Look up the card</Trans>
      </WaitOr>
    </Button>
  )
}
