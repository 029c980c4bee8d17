import type { MessageDescriptor } from '@lingui/core'
import { mailI18n, resolveMailLocale } from '../platform/mail/i18n.ts'
import { type CardType, cardTypeCode, type ExpiryType, expiryTypeName } from './codes.ts'
import { cardTypeDescriptions, cardTypeTitles, expiryTypeDescriptions } from './mail/labels.ts'

/** A message of the server-side catalog in a language (Dutch when unknown, English for a gap). */
export function translate(language: string, descriptor: MessageDescriptor): string {
  return mailI18n(resolveMailLocale(language))._(descriptor)
}

/** `type {id, code, title, description}` of a card type in a language. */
export function cardTypeObject(id: number, language: string) {
  const code = cardTypeCode(id)
  return {
    id: id as CardType,
    code,
    title: translate(language, cardTypeTitles[code]),
    description: translate(language, cardTypeDescriptions[code]),
  }
}

/** `{id, title, description}` of an expiry type: `title` the stable key, `description` in the language. */
export function expiryTypeObject(id: number, language: string) {
  const title = expiryTypeName(id)
  return { id: id as ExpiryType, title, description: translate(language, expiryTypeDescriptions[title]) }
}
