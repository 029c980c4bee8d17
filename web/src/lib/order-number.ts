/**
 * A food order's number as every screen shows it, the guest's and the staff's alike: `#4`. Each
 * side words it in its own catalog ("Order {number}": food/labels.tsx for the guest, order-parts.tsx
 * for the staff; portal code may not import the guest's texts), with this as the number.
 *
 * The same rule as `orderNumber` in modules/food/shared.ts (e-mails and PDF receipts), written
 * here rather than imported: that module's other top-level values would come along into every
 * page that names an order (the guest's checkout among them, which has a tight weight budget).
 * order-number.test.ts holds the two to the same answers.
 */
export const orderNumber = (orderId: number | string | bigint): string => `#${orderId}`
