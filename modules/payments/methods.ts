import type { PaymentMethodId, ProviderId } from './providers/provider.ts'

/**
 * The payment methods catalogue (`GET payment/methods`). `psp_id` names the payment service
 * provider a method belongs to when it is a provider's own checkout (Stripe, Pay.nl, CCV);
 * `providers` are the adapters that can take it here. A method with no provider (Pay.nl: no
 * adapter yet) is listed so programs see it, but cannot be switched on.
 */
export interface PaymentMethod {
  id: PaymentMethodId
  title: string
  description: string
  psp_id: string | null
  providers: ProviderId[]
}

export const paymentMethods: readonly PaymentMethod[] = [
  {
    id: 'ideal',
    title: 'iDEAL',
    description: 'Pay from a Dutch bank account in the banking app',
    psp_id: null,
    providers: ['sandbox', 'ccv', 'stripe'],
  },
  {
    id: 'card',
    title: 'Card',
    description: 'Visa, Mastercard and other debit and credit cards',
    psp_id: null,
    providers: ['sandbox', 'ccv', 'stripe'],
  },
  {
    id: 'stripe',
    title: 'Stripe',
    description: 'Stripe Checkout: cards, wallets and local methods',
    psp_id: 'stripe',
    providers: ['stripe'],
  },
  {
    id: 'paynl',
    title: 'Pay.nl',
    description: 'Pay.nl checkout (no adapter yet)',
    psp_id: 'paynl',
    providers: [],
  },
  {
    id: 'paypal',
    title: 'PayPal',
    description: 'Pay with a PayPal account',
    psp_id: null,
    providers: ['sandbox', 'ccv', 'stripe'],
  },
  {
    id: 'ccv',
    title: 'CCV',
    description: 'CCV Online Payments hosted checkout (Dutch provider, test and live modes)',
    psp_id: 'ccv',
    providers: ['ccv'],
  },
]

export const methodById = (id: string) => paymentMethods.find((m) => m.id === id)
