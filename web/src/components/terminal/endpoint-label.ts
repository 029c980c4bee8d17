import type { Schema } from '~/lib/api-types.gen.ts'

/** `GET payment/webhook-endpoints/{uuid}`: where an endpoint sends, and its label. */
export type WebhookEndpoint = Schema<'WebhookEndpoint'>

/** The words of the labels the platform writes, in the reader's language (the caller's catalog). */
export interface EndpointLabelWords {
  paymentRequest(request: string): string
}

/**
 * An endpoint's label in the reader's language: a code the platform worded (a payment request's
 * callback: "Betaalverzoek 8f3…") in the caller's words, words a person typed (a notification's
 * title) as typed. The API's English `description` is shown only for a code this build does not
 * know yet, or one whose parameters are missing. Pure (no Lingui macros) so it is unit tested.
 */
export function endpointLabel(
  endpoint: Pick<WebhookEndpoint, 'description' | 'description_code' | 'description_params'>,
  words: EndpointLabelWords,
): string {
  const params = endpoint.description_params ?? {}
  if (endpoint.description_code === 'payment_request') {
    const request = params.request_uuid
    if (typeof request === 'string' && request !== '') return words.paymentRequest(request)
  }
  return endpoint.description
}
