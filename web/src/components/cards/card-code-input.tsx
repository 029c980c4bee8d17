import { type ClipboardEvent, type Ref, useEffect, useImperativeHandle, useRef } from 'react'
import { Input } from '~/components/ui/input.tsx'
import { caretAfterFormat, formatToken, tokenFromText, tokenLength } from './token.ts'

/**
 * The field for a card's code: what is typed is uppercased and grouped as `XXXX-XXXX-XXXX-XXXX`
 * with the caret kept where the person was typing; a pasted code or link (`…/cards/add?token=…`)
 * is reduced to its code. `onChange` gets the grouped code and whether it was typed or pasted
 * (a pasted whole code is usually looked up at once).
 */
export function CardCodeInput({
  id,
  value,
  onChange,
  invalid = false,
  describedBy,
  disabled,
  autoFocus,
  testId = 'card-token',
  ref,
}: {
  id: string
  value: string
  onChange: (code: string, how: 'typed' | 'pasted') => void
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
  autoFocus?: boolean
  testId?: string
  ref?: Ref<HTMLInputElement | null>
}) {
  const input = useRef<HTMLInputElement>(null)
  const pendingCaret = useRef<number | null>(null)
  useImperativeHandle(ref, () => input.current as HTMLInputElement)

  // Keeps the caret where the person was typing after the code is regrouped.
  useEffect(() => {
    if (pendingCaret.current === null || !input.current) return
    input.current.setSelectionRange(pendingCaret.current, pendingCaret.current)
    pendingCaret.current = null
  })

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const code = tokenFromText(event.clipboardData.getData('text'))
    if (!code) return
    event.preventDefault()
    pendingCaret.current = code.length
    onChange(code, 'pasted')
  }

  return (
    <Input
      ref={input}
      id={id}
      name="token"
      value={value}
      onChange={(e) => {
        const typed = e.target.value
        const caret = e.target.selectionStart
        const formatted = formatToken(typed)
        pendingCaret.current = caret === null ? null : caretAfterFormat(typed, caret, formatted)
        onChange(formatted, 'typed')
      }}
      onPaste={paste}
      placeholder="XXXX-XXXX-XXXX-XXXX"
      autoComplete="off"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      inputMode="text"
      // Sixteen characters and three dashes.
      maxLength={tokenLength + 3}
      disabled={disabled}
      autoFocus={autoFocus}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      className="h-12 font-mono text-lg tracking-[0.15em] uppercase placeholder:tracking-[0.15em]"
      data-testid={testId}
    />
  )
}
