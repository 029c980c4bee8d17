import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  type AccountNumber,
  type Journal,
  type SubAccountKind,
  subAccountKinds,
} from '../../../../modules/ledger/shared.ts'

/**
 * The ledger's names in the interface language. The API answers the chart's English names; the
 * screens name accounts, journals and sub-account kinds through these messages instead, keyed by
 * the numbers and codes of `modules/ledger/shared.ts`.
 */

export const accountNames: Record<AccountNumber, MessageDescriptor> = {
  110: msg`Receivables`,
  120: msg`Payment-provider account`,
  210: msg`VAT on sales`,
  220: msg`Value on cards`,
  230: msg`Owed to acceptors`,
  310: msg`Capital`,
  410: msg`Income`,
  610: msg`Other costs`,
}

export const accountDescriptions: Record<AccountNumber, MessageDescriptor> = {
  110: msg`Amounts customers owe: unpaid bills, orders awaiting payment.`,
  120: msg`Money payment providers hold for the platform until they pay it out.`,
  210: msg`VAT charged on sales, owed to the tax authority.`,
  220: msg`Value loaded on vouchers and gift cards and not yet spent.`,
  230: msg`Amounts owed to merchants and restaurants until they are paid out.`,
  310: msg`Equity of the platform.`,
  410: msg`Fees and commissions earned, without VAT.`,
  610: msg`Everything else: provider fees, rounding, write-offs.`,
}

export const journalNames: Record<Journal, MessageDescriptor> = {
  sales: msg`Sales`,
  purchase: msg`Purchases`,
  bank: msg`Bank`,
  miscellaneous: msg`Miscellaneous`,
  cards: msg`Cards`,
}

export const subAccountKindNames: Record<SubAccountKind, MessageDescriptor> = {
  general: msg`General`,
  program: msg`Program`,
  acceptor: msg`Acceptor`,
  card: msg`Card`,
  customer: msg`Customer`,
  owner: msg`Program owner`,
}

export function isSubAccountKind(kind: string): kind is SubAccountKind {
  return (subAccountKinds as readonly string[]).includes(kind)
}

export function accountName(number: number): MessageDescriptor | undefined {
  return accountNames[number as AccountNumber]
}
