/**
 * A food order's number as every screen shows it, the guest's and the staff's alike: `#4`. Each
 * side words it in its own catalog ("Order {number}": food/labels.tsx for the guest, order-parts.tsx
 * for the staff; portal code may not import the guest's texts), with this as the number. The rule
 * itself lives with the food module, so e-mails and PDF receipts write the number the same way.
 */
export { orderNumber } from '../../../modules/food/shared.ts'
