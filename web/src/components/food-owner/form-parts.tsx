import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type * as React from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { describeApiError, fieldIssueMessage } from '~/lib/api-messages.ts'
import { minorToDecimal } from '~/lib/money.ts'
import { cn } from '~/lib/utils.ts'
import { endOfDay, type Problem } from '../../../../modules/food/shared.ts'

/**
 * Pieces the food owner screens share: the food rules' problems put under their inputs (the same
 * codes the API answers, worded by `fieldIssueMessage`), costs shown as typed, a native select in
 * the inputs' look, and the 30-minute time picker of spec section 9.
 */

/** Puts the shared rules' problems under the form's inputs; answers whether any was shown. */
export function showProblems<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError'>,
  problems: readonly Problem[],
  i18n: I18n,
  fieldOf: (path: string) => string | undefined = (path) => path,
): boolean {
  let first = true
  for (const p of problems) {
    const field = fieldOf(p.field)
    if (!field) continue
    const words = fieldIssueMessage({ code: p.code, ...(p.params ? { params: p.params } : {}) }, i18n.locale)
    const message = words.values && Object.keys(words.values).length ? i18n._(words) : words.id
    form.setError(field as Path<T>, { type: 'rule', message }, { shouldFocus: first })
    first = false
  }
  return !first
}

/** What a failed food call says (the API's reason or code in the reader's language). */
export const foodErrorMessage = (error: unknown): MessageDescriptor => describeApiError(error)

/** Minor units as the owner types an amount ('2,50'); empty for none. */
export function costText(minor: number | null | undefined, digits = 2): string {
  if (minor === null || minor === undefined) return ''
  return minorToDecimal(minor, digits).replace('.', ',')
}

/** A number as typed ('2,5' or '2.5'), or null when empty; NaN when it is not one. */
export function numberOf(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null
  if (typeof text === 'number') return text
  const t = text.trim()
  if (!t) return null
  return /^-?\d+([.,]\d+)?$/.test(t) ? Number(t.replace(',', '.')) : Number.NaN
}

export const selectClass = cn(
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs',
  'focus-visible:border-primary-500 focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive',
)

export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return <select className={cn(selectClass, className)} {...props} />
}

/** Times of the picker: every 30 minutes (spec section 9), plus a saved time off that grid. */
export function timeOptions(current?: string | null, closing = false): string[] {
  const times: string[] = []
  for (let m = 0; m < 24 * 60; m += 30)
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`)
  // A closing time may be the end of the day: 00:00–24:00 is open all day.
  if (closing) times.push(endOfDay)
  if (current && !times.includes(current)) times.push(current)
  return times.sort()
}

export const unitNames: Record<string, MessageDescriptor> = {
  gram: msg`gram`,
  kilogram: msg`kilogram`,
  liter: msg`liter`,
  milliliter: msg`milliliter`,
  piece: msg`piece`,
}

export const weekdayNames = [
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
  msg`Sunday`,
]

/** A file chosen for an image: JPG (and PNG where allowed) of at most 2 MB (spec section 5). */
export function imageFileProblem(file: File, types: readonly string[]): MessageDescriptor | null {
  if (!types.includes(file.type))
    return types.includes('image/png') ? msg`Choose a JPG or PNG image.` : msg`Choose a JPG image.`
  if (file.size > 2_097_152) return msg`The image is larger than 2 MB.`
  return null
}
