/*
 * Every string of a receipt and of the VAT rates, as message descriptors with explicit ids marked
 * `/*i18n*\/`, in the server-side catalog the e-mails use (`modules/platform/mail/locales`):
 * `node modules/platform/mail/catalogs.ts extract` collects them, `compile` makes the JSON the
 * API loads.
 */

export const receiptMessages = {
  titlePayment: /*i18n*/ { id: 'payments.receipt.title-payment', message: 'Payment receipt' },
  titleRefund: /*i18n*/ { id: 'payments.receipt.title-refund', message: 'Refund receipt' },
  introPayment: /*i18n*/ {
    id: 'payments.receipt.intro-payment',
    message: 'Thank you for your payment. This receipt confirms that the amount below has been paid.',
  },
  introRefund: /*i18n*/ {
    id: 'payments.receipt.intro-refund',
    message: 'This receipt confirms that the amount below has been refunded to the original payment method.',
  },
  receiverPayment: /*i18n*/ {
    id: 'payments.receipt.receiver-payment',
    message: 'Paid to',
    comment: 'Label above the name and address of the merchant who received the payment',
  },
  receiverRefund: /*i18n*/ {
    id: 'payments.receipt.receiver-refund',
    message: 'Refunded by',
    comment: 'Label above the name and address of the merchant who gave the money back',
  },
  vatNumber: /*i18n*/ { id: 'payments.receipt.vat-number', message: 'VAT number: {number}' },
  registrationNumber: /*i18n*/ {
    id: 'payments.receipt.registration-number',
    message: 'Chamber of Commerce number: {number}',
    comment: 'The company registration number (KvK number in the Netherlands)',
  },
  receiptNumber: /*i18n*/ { id: 'payments.receipt.receipt-number', message: 'Receipt number' },
  reference: /*i18n*/ { id: 'payments.receipt.reference', message: 'Payment reference' },
  date: /*i18n*/ { id: 'payments.receipt.date', message: 'Date' },
  description: /*i18n*/ { id: 'payments.receipt.description', message: 'Description' },
  cashpoint: /*i18n*/ {
    id: 'payments.receipt.cashpoint',
    message: 'Cashpoint',
    comment: 'The till or counter of the shop where the payment was taken',
  },
  method: /*i18n*/ { id: 'payments.receipt.method', message: 'Payment method' },
  methodCard: /*i18n*/ {
    id: 'payments.receipt.method-card',
    message: 'Card',
    comment: 'Payment method: a debit or credit card',
  },
  card: /*i18n*/ { id: 'payments.receipt.card', message: 'Card' },
  cardValue: /*i18n*/ {
    id: 'payments.receipt.card-value',
    message: '{brand} ending in {last4}',
    comment: 'A card shown by its brand and last four digits, e.g. "Visa ending in 4242"',
  },
  cardValueNoBrand: /*i18n*/ {
    id: 'payments.receipt.card-value-no-brand',
    message: 'Card ending in {last4}',
  },
  originalPayment: /*i18n*/ { id: 'payments.receipt.original-payment', message: 'Original payment' },
  originalPaymentValue: /*i18n*/ {
    id: 'payments.receipt.original-payment-value',
    message: '{reference} of {amount}',
    comment: 'e.g. "PAY-001042 of € 25,00": the payment a refund belongs to and its amount',
  },
  amountPaid: /*i18n*/ { id: 'payments.receipt.amount-paid', message: 'Amount paid' },
  amountRefunded: /*i18n*/ { id: 'payments.receipt.amount-refunded', message: 'Amount refunded' },
  net: /*i18n*/ { id: 'payments.receipt.net', message: 'Amount excluding VAT' },
  vat: /*i18n*/ {
    id: 'payments.receipt.vat',
    message: 'VAT {rate}',
    comment: 'VAT line of a receipt; rate is a formatted percentage such as "21%"',
  },
  vatLabel: /*i18n*/ { id: 'payments.receipt.vat-label', message: 'VAT' },
  issued: /*i18n*/ { id: 'payments.receipt.issued', message: 'Issued on {date}' },
  footer: /*i18n*/ {
    id: 'payments.receipt.footer',
    message:
      '{brand} processed this payment on behalf of the receiver named above. For questions about it, contact the receiver and mention the payment reference.',
  },
}

/** Names of the VAT rates (`GET payment/helpers/vat` and the receipts). */
export const vatTitles = {
  high: /*i18n*/ {
    id: 'payments.vat.high',
    message: 'High rate',
    comment: 'The general Dutch VAT rate (21%), “hoog tarief”',
  },
  low: /*i18n*/ {
    id: 'payments.vat.low',
    message: 'Low rate',
    comment: 'The reduced Dutch VAT rate (9%: food, books, …), “laag tarief”',
  },
  zero: /*i18n*/ { id: 'payments.vat.zero', message: 'Zero rate', comment: 'VAT at 0%, “nultarief”' },
  exempt: /*i18n*/ {
    id: 'payments.vat.exempt',
    message: 'Exempt from VAT',
    comment: 'No VAT applies at all, e.g. to medical care or education',
  },
}

/**
 * A payment's description when the platform words it (`descriptions.ts`): on receipts and the
 * provider's page in the payer's language. The web has the same words in its own catalog.
 */
export const paymentDescriptionMessages = {
  card_order: /*i18n*/ {
    id: 'payments.description.card-order',
    message: '{quantity, plural, one {# card} other {# cards}} — {program}',
    comment:
      'What a card order pays for: the number of cards and the card program’s title, e.g. "24 cards — Gift card 2026"',
  },
  credit_bill: /*i18n*/ {
    id: 'payments.description.credit-bill',
    message: 'Bill {number}',
    comment:
      'What a card holder pays: a bill (an invoice) of a credit program, by its number, e.g. "Bill ABCDEF-12"',
  },
  food_order: /*i18n*/ {
    id: 'payments.description.food-order',
    message: 'Order {number}',
    comment:
      'What a food order pays for, after the restaurant’s name: "Order #12" (the number comes with its #)',
  },
  food_court_order: /*i18n*/ {
    id: 'payments.description.food-court-order',
    message: 'Order at {court}',
    comment: 'What an order across a food court’s restaurants pays for: "Order at Foodhal De Hallen"',
  },
}
