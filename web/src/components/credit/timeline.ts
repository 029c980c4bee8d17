/**
 * What the API adds to an entry of a bill's timeline (`params`), as the parts the owner's bill page
 * shows after the event's name: the step, an amount, a total, the new due date, what a refund wrote
 * off of an archived bill, what a payment landing on an archived bill recovered of its write-off,
 * and a reason. The words come from the caller (Lingui in the page, plain strings in tests).
 */
export type TimelineParams = Record<string, string | number | boolean | null>

export interface TimelineWords {
  money: (amount: number) => string
  writtenOff: (amount: string) => string
  recovered: (amount: string) => string
  reason: (reason: string) => string
}

export function timelineDetail(params: TimelineParams, words: TimelineWords): string[] {
  const parts: string[] = []
  const positive = (value: unknown): value is number => typeof value === 'number' && value > 0
  if (typeof params.step === 'string') parts.push(params.step)
  if (typeof params.amount === 'number') parts.push(words.money(params.amount))
  if (typeof params.total === 'number') parts.push(words.money(params.total))
  if (typeof params.to === 'string') parts.push(`→ ${params.to}`)
  if (positive(params.written_off)) parts.push(words.writtenOff(words.money(params.written_off)))
  if (positive(params.recovered)) parts.push(words.recovered(words.money(params.recovered)))
  if (typeof params.reason === 'string') parts.push(words.reason(params.reason))
  return parts
}
