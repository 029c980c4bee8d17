import type { MessageDescriptor } from '@lingui/core'
import type { CardTypeCode, ExpiryTypeName } from '../codes.ts'

/*
 * Titles and descriptions of the card module's codes as the API serves them, in the caller's
 * language. They live in the server-side catalog with the e-mails (this folder is in its
 * `include`), as message descriptors with explicit ids marked `/*i18n*\/`, like the programs
 * module's labels.
 */

export const cardTypeTitles: Record<CardTypeCode, MessageDescriptor> = {
  voucher: /*i18n*/ { id: 'cards.type.voucher.title', message: 'Voucher' },
  gift: /*i18n*/ { id: 'cards.type.gift.title', message: 'Gift card' },
}

export const cardTypeDescriptions: Record<CardTypeCode, MessageDescriptor> = {
  voucher: /*i18n*/ {
    id: 'cards.type.voucher.description',
    message: 'A card with a fixed value, to be spent at the program’s acceptors',
  },
  gift: /*i18n*/ {
    id: 'cards.type.gift.description',
    message: 'A card with a fixed value, or a flexible one that is loaded later',
  },
}

export const expiryTypeDescriptions: Record<ExpiryTypeName, MessageDescriptor> = {
  year: /*i18n*/ { id: 'cards.expiry.year', message: 'Years' },
  month: /*i18n*/ { id: 'cards.expiry.month', message: 'Months' },
  day: /*i18n*/ { id: 'cards.expiry.day', message: 'Days' },
}
