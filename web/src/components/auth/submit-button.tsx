import type * as React from 'react'
import { Button } from '~/components/ui/button.tsx'

/** The full-width submit button of the guest screens: disabled (and busy) while submitting. */
export function SubmitButton({
  submitting,
  disabled,
  children,
}: {
  submitting: boolean
  /** Disabled for another reason too (a cool-down, a page not yet hydrated). */
  disabled?: boolean
  children: React.ReactNode
}) {
  return (
    <Button
      type="submit"
      size="lg"
      className="w-full"
      disabled={submitting || disabled}
      aria-busy={submitting}
    >
      {children}
    </Button>
  )
}
