import { formatMoney } from '~/lib/money.ts'

/**
 * The numbers and words a refusal of the API carries in its `params`, ready to put into the
 * guest's sentence (refusals.ts words it): the minimum as money in the reader's locale, the end of
 * a pause on the restaurant's clock, the owner's own words. Pure, so it is tested alone.
 */
export type RefusalValues =
  | { kind: 'minimum'; amount: string }
  | { kind: 'paused'; until: string }
  | { kind: 'plain'; own: string }

export function refusalValues(
  locale: string,
  reason: string,
  params: Record<string, unknown> = {},
  timeZone?: string,
): RefusalValues {
  if (
    reason === 'min_order_amount' &&
    typeof params.amount === 'number' &&
    typeof params.currency === 'string'
  )
    return { kind: 'minimum', amount: formatMoney(params.amount, params.currency, locale) }
  if (reason === 'ordering_paused' && typeof params.until === 'string') {
    const until = new Date(params.until)
    if (!Number.isNaN(until.getTime()))
      return {
        kind: 'paused',
        until: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(until),
      }
  }
  return { kind: 'plain', own: typeof params.message === 'string' ? params.message.trim() : '' }
}
