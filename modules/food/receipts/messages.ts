/*
 * Every string of a food order's receipt, as message descriptors with explicit ids marked
 * `/*i18n*\/`, in the server-side catalog the e-mails use (`modules/platform/mail/locales`):
 * `node modules/platform/mail/catalogs.ts extract` collects them, `compile` makes the JSON.
 */

export const receiptMessages = {
  title: /*i18n*/ { id: 'food.receipt.title', message: 'Receipt of order {number}' },
  orderNumber: /*i18n*/ { id: 'food.receipt.order-number', message: 'Order number' },
  date: /*i18n*/ { id: 'food.receipt.date', message: 'Date' },
  type: /*i18n*/ { id: 'food.receipt.type', message: 'Type' },
  typeDelivery: /*i18n*/ { id: 'food.receipt.type-delivery', message: 'Delivery' },
  typePickup: /*i18n*/ { id: 'food.receipt.type-pickup', message: 'Pickup' },
  typeEatIn: /*i18n*/ {
    id: 'food.receipt.type-eat-in',
    message: 'Eat in',
    comment: 'An order eaten at a table in the restaurant',
  },
  customer: /*i18n*/ { id: 'food.receipt.customer', message: 'Name' },
  address: /*i18n*/ { id: 'food.receipt.address', message: 'Delivery address' },
  delivery: /*i18n*/ { id: 'food.receipt.delivery', message: 'Delivery cost' },
  pickupFee: /*i18n*/ { id: 'food.receipt.pickup-fee', message: 'Pickup fee' },
  vatRate: /*i18n*/ { id: 'food.receipt.vat-rate', message: 'VAT {rate}' },
  exempt: /*i18n*/ { id: 'food.receipt.exempt', message: 'exempt', comment: 'Exempt from VAT' },
  products: /*i18n*/ { id: 'food.receipt.products', message: 'Products' },
  total: /*i18n*/ { id: 'food.receipt.total', message: 'Total' },
  vatLine: /*i18n*/ {
    id: 'food.receipt.vat-line',
    message: 'VAT {rate} on {net}',
    comment: 'The VAT of one rate: "VAT 9% on €10.00" (the net amount)',
  },
  vatTotal: /*i18n*/ { id: 'food.receipt.vat-total', message: 'VAT included' },
  payment: /*i18n*/ { id: 'food.receipt.payment', message: 'Payment' },
  paidWith: /*i18n*/ { id: 'food.receipt.paid-with', message: 'Paid with {method}' },
  notPaid: /*i18n*/ { id: 'food.receipt.not-paid', message: 'Not paid yet' },
  paidAt: /*i18n*/ { id: 'food.receipt.paid-at', message: 'Paid on' },
  reference: /*i18n*/ { id: 'food.receipt.reference', message: 'Payment reference' },
  methodCard: /*i18n*/ { id: 'food.receipt.method-card', message: 'card' },
  methodIdeal: /*i18n*/ { id: 'food.receipt.method-ideal', message: 'iDEAL' },
  methodCash: /*i18n*/ { id: 'food.receipt.method-cash', message: 'cash' },
  footer: /*i18n*/ { id: 'food.receipt.footer', message: 'Thank you for your order at {restaurant}.' },
}
