import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { Textarea } from '~/components/ui/textarea.tsx'

/**
 * A text area that stops at `max` characters (longer pasted text is cut) and shows how many are
 * used (spec section 5: "text area can truncate to a max symbol count and shows a counter").
 */
export function CountedTextarea({
  id,
  value,
  onChange,
  max,
  rows = 4,
  testId,
  invalid,
  describedBy,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  max: number
  rows?: number
  testId?: string
  invalid?: boolean
  describedBy?: string
}) {
  const counterId = useId()
  const used = value.length
  return (
    <div className="grid gap-1">
      <Textarea
        id={id}
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value.slice(0, max))}
        aria-describedby={[counterId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        data-testid={testId}
      />
      <p id={counterId} className="justify-self-end text-xs text-muted-foreground" aria-live="polite">
        <Trans>
          {used} of {max} characters
        </Trans>
      </p>
    </div>
  )
}
