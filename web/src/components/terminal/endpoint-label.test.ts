import { describe, expect, it } from 'vitest'
import { endpointLabel } from './endpoint-label.ts'

const dutch = { paymentRequest: (request: string) => `Betaalverzoek ${request}` }

describe('an endpoint’s label', () => {
  it('words a payment request’s callback in the reader’s language, never the API’s English', () => {
    expect(
      endpointLabel(
        {
          description: 'Payment request order-1042',
          description_code: 'payment_request',
          description_params: { request_uuid: 'order-1042' },
        },
        dutch,
      ),
    ).toBe('Betaalverzoek order-1042')
  })

  it('shows words a person typed as typed, and the stored text when the parameters are missing', () => {
    const typed = { description: 'Kassa koppeling', description_code: null, description_params: {} }
    expect(endpointLabel(typed, dutch)).toBe('Kassa koppeling')
    const bare = {
      description: 'Payment request x',
      description_code: 'payment_request' as const,
      description_params: {},
    }
    expect(endpointLabel(bare, dutch)).toBe('Payment request x')
  })
})
