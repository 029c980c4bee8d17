/**
 * The sandbox's documented test cards (also listed in docs/payments.md). Any expiry in the future
 * and any three-digit CVC work. A valid card number that is not listed is declined, as a real
 * provider's test mode does with real cards.
 */
export type TestCardOutcome =
  | { result: 'succeeds' }
  | { result: 'declined'; code: string; message: string }
  | { result: 'requires_action' }

export interface TestCard {
  number: string
  brand: string
  outcome: TestCardOutcome
  label: string
}

export const testCards: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', outcome: { result: 'succeeds' }, label: 'Visa: succeeds' },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    outcome: { result: 'succeeds' },
    label: 'Mastercard: succeeds',
  },
  {
    number: '4000002760003184',
    brand: 'visa',
    outcome: { result: 'requires_action' },
    label: 'Visa: asks for 3-D Secure confirmation',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    outcome: { result: 'declined', code: 'card_declined', message: 'Your card was declined.' },
    label: 'Visa: declined',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    outcome: { result: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    label: 'Visa: insufficient funds',
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    outcome: { result: 'declined', code: 'expired_card', message: 'Your card has expired.' },
    label: 'Visa: expired card',
  },
]

const byNumber = new Map(testCards.map((c) => [c.number, c]))

export function testCardOutcome(digits: string): TestCardOutcome {
  return (
    byNumber.get(digits)?.outcome ?? {
      result: 'declined',
      code: 'card_not_supported',
      message: 'This is not a sandbox test card. Use one of the documented test cards.',
    }
  )
}

/** iDEAL-style banks offered on the hosted page. */
export const sandboxBanks = [
  { id: 'abn_amro', name: 'ABN AMRO' },
  { id: 'asn', name: 'ASN Bank' },
  { id: 'bunq', name: 'bunq' },
  { id: 'ing', name: 'ING' },
  { id: 'knab', name: 'Knab' },
  { id: 'rabobank', name: 'Rabobank' },
  { id: 'sns', name: 'SNS' },
  { id: 'triodos', name: 'Triodos Bank' },
] as const
