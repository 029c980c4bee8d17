/**
 * The card program's codes (spec sections 3 and 9): card types voucher 101 and gift card 201,
 * expiry types year 31, month 21, day 11, card orientations, and the statuses of orders and cards.
 */
export const cardTypes = { voucher: 101, gift: 201 } as const
export type CardTypeCode = keyof typeof cardTypes
export type CardType = (typeof cardTypes)[CardTypeCode]
export const cardTypeIds = Object.values(cardTypes) as CardType[]
export const cardTypeCode = (id: number): CardTypeCode => (id === cardTypes.voucher ? 'voucher' : 'gift')
export const isCardType = (id: number): id is CardType => (cardTypeIds as number[]).includes(id)

export const expiryTypes = { year: 31, month: 21, day: 11 } as const
export type ExpiryTypeName = keyof typeof expiryTypes
export type ExpiryType = (typeof expiryTypes)[ExpiryTypeName]
export const expiryTypeIds = Object.values(expiryTypes) as ExpiryType[]
export const expiryTypeName = (id: number): ExpiryTypeName =>
  (Object.entries(expiryTypes).find(([, v]) => v === id)?.[0] ?? 'day') as ExpiryTypeName

export const orientations = ['horizontal', 'vertical'] as const
export type Orientation = (typeof orientations)[number]

export const orderStatuses = ['open', 'paid', 'cancelled', 'expired'] as const
export type OrderStatus = (typeof orderStatuses)[number]

/**
 * Card statuses as people see them. Stored: `issued`, `active`, `blocked`, `used` (nothing left to
 * spend); `expired` is derived (expires_at passed) and `blocked` also when its program is.
 */
export const heldCardStatuses = ['issued', 'active', 'used', 'blocked', 'expired'] as const
export type HeldCardStatus = (typeof heldCardStatuses)[number]

/** A redemption (a card spent at a cashpoint) is `completed`, or `reversed` by its acceptor. */
export const redemptionStatuses = ['completed', 'reversed'] as const
export type RedemptionStatus = (typeof redemptionStatuses)[number]

/** Limits of an order and of a card's face value (minor units). */
export const orderLimits = { minQuantity: 1, maxQuantity: 10_000 } as const
export const maxCardValue = 1_000_000
export const maxUseNumber = 1000
/** Largest `expiry_value` per expiry type (ten years in every unit). */
export const maxExpiryValue: Record<ExpiryType, number> = { 31: 10, 21: 120, 11: 3660 }

/** The payable kind of a card order's payment. */
export const cardOrderPayable = 'card_order'
