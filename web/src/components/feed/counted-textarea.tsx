import { Trans, useLingui } from '@lingui/react/macro'
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
  max: limit,
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
  const { i18n } = useLingui()
  const counterId = useId()
  // Numbers as the language writes them: "10.000" in Dutch, not "10000".
  const used = i18n.number(value.length)
  const max = i18n.number(limit)
  return (
    <div className="grid gap-1">
      <Textarea
        id={id}
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value.slice(0, limit))}
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
