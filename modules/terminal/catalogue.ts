import { v5 } from 'uuid'

/**
 * The catalogue of what a payment notification can tell a merchant (spec section 3: "categories
 * with fields flagged is_used"). A category is one kind of news, sent as its own event type; a
 * notification subscribes to a category by using at least one of its fields, and each delivery
 * carries exactly the fields it uses (a merchant who only needs amount and reference gets no card
 * data). Field uuids are name-based (v5), the same on every machine, so clients and merchant
 * systems may keep them; payment requests name their input fields by these uuids too.
 *
 * `title` is a stable key the portals translate (like the programs module's statuses).
 */

export const notificationCategories = [
  {
    key: 'payment',
    event_type: 'payment.paid',
    fields: [
      'reference',
      'amount',
      'currency',
      'description',
      'status',
      'method',
      'card_brand',
      'card_last4',
      'paid_at',
      'cashpoint',
      'acceptor',
      'program',
      'request_uuid',
    ],
  },
  {
    key: 'refund',
    event_type: 'payment.refunded',
    fields: ['reference', 'refund_amount', 'refunded_total', 'currency', 'status', 'reason', 'refunded_at'],
  },
  {
    key: 'failure',
    event_type: 'payment.failed',
    fields: ['reference', 'amount', 'currency', 'description', 'status', 'failure_message', 'ended_at'],
  },
] as const

export type CategoryKey = (typeof notificationCategories)[number]['key']

const namespace = v5('terminal.cardpay', v5.DNS)
export const categoryUuid = (key: string) => v5(`notification-category:${key}`, namespace)
export const fieldUuid = (key: string) => v5(`notification-field:${key}`, namespace)

export interface CatalogueField {
  uuid: string
  /** `<category>.<field>`, e.g. `payment.amount`: what the notification stores. */
  key: string
  name: string
}
export interface CatalogueCategory {
  uuid: string
  key: CategoryKey
  event_type: string
  fields: CatalogueField[]
}

export const catalogue: CatalogueCategory[] = notificationCategories.map((c) => ({
  uuid: categoryUuid(c.key),
  key: c.key,
  event_type: c.event_type,
  fields: c.fields.map((name) => ({ uuid: fieldUuid(`${c.key}.${name}`), key: `${c.key}.${name}`, name })),
}))

const byUuid = new Map(catalogue.flatMap((c) => c.fields.map((f) => [f.uuid, f] as const)))
const byKey = new Map(catalogue.flatMap((c) => c.fields.map((f) => [f.key, f] as const)))

export const fieldByUuid = (uuid: string) => byUuid.get(uuid.toLowerCase())
export const fieldByKey = (key: string) => byKey.get(key)
export const categoryByUuid = (uuid: string) => catalogue.find((c) => c.uuid === uuid.toLowerCase())

/** The field names of one category a notification uses (in catalogue order). */
export function usedFieldsOf(fields: readonly string[], category: CategoryKey): string[] {
  const used = new Set(fields)
  return (catalogue.find((c) => c.key === category)?.fields ?? [])
    .filter((f) => used.has(f.key))
    .map((f) => f.name)
}
