/**
 * The chart of accounts (numbered 110–610) and the journals. The migration seeds the same rows;
 * these constants let code and tests name them without a query.
 *
 * | number | code             | account                  | normal side |
 * | ------ | ---------------- | ------------------------ | ----------- |
 * | 110    | receivables      | Receivables              | debit       |
 * | 120    | payment_provider | Payment-provider account | debit       |
 * | 210    | vat_on_sales     | VAT on sales             | credit      |
 * | 220    | cards            | Cards (value on cards)   | credit      |
 * | 230    | acceptor         | Acceptors (owed to them) | credit      |
 * | 310    | capital          | Capital                  | credit      |
 * | 410    | income           | Income                   | credit      |
 * | 610    | others           | Others (fees, rounding)  | debit       |
 */
export const accounts = {
  receivables: 110,
  payment_provider: 120,
  vat_on_sales: 210,
  cards: 220,
  acceptor: 230,
  capital: 310,
  income: 410,
  others: 610,
} as const

export type AccountCode = keyof typeof accounts
export type AccountNumber = (typeof accounts)[AccountCode]
export const accountNumbers = Object.values(accounts) as AccountNumber[]

export const journals = ['sales', 'purchase', 'bank', 'miscellaneous', 'cards'] as const
export type Journal = (typeof journals)[number]

/**
 * What a sub-account is kept for; `general` (external id '') is the account's own default one, `owner`
 * a program owner's (payments taken outside any program).
 */
export const subAccountKinds = ['general', 'program', 'acceptor', 'card', 'customer', 'owner'] as const
export type SubAccountKind = (typeof subAccountKinds)[number]
