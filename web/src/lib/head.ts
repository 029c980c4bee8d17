import type { I18n, MessageDescriptor } from '@lingui/core'

/** A part of a page title: a message to translate, or a name as the data has it (a program's title). */
export type TitlePart = MessageDescriptor | string | null | undefined

/**
 * A route's `head`: the page title in the reader's language, most specific part first and the brand
 * last ("Koffiebar De Hoek · Cardpay", "Transacties · Cardpay"). Parts that are missing (data not
 * loaded) are left out.
 *
 *   head: ({ match }) => pageTitle(match.context.i18n, msg`Transactions`)
 */
export function pageTitle(i18n: I18n, ...parts: TitlePart[]): { meta: { title: string }[] } {
  const words = parts.flatMap((part) => {
    if (!part) return []
    const word = typeof part === 'string' ? part : i18n._(part)
    return word.trim() ? [word.trim()] : []
  })
  return { meta: [{ title: [...words, 'Cardpay'].join(' · ') }] }
}
