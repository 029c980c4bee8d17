import { z } from '../platform/http.ts'

/**
 * An endpoint's label as a code and its parameters when the platform words it (as payments word
 * their descriptions), so each reader reads it in their own language: the callback endpoint of a
 * payment request made through the API is `payment_request {request_uuid}`. Words a person typed
 * (a payment notification's title) have no code and are shown as typed. `description` always keeps
 * the English text.
 *
 * The list is closed: a new code adds its parameters here and its words to the web's catalog
 * (web/src/components/terminal/endpoint-label.ts).
 */
export const endpointLabelCodes = [
  /** The callback of a payment request made through the API. `{request_uuid}` (the merchant's id of it) */
  'payment_request',
] as const
export type EndpointLabelCode = (typeof endpointLabelCodes)[number]

const isLabelCode = (code: string | null | undefined): code is EndpointLabelCode =>
  (endpointLabelCodes as readonly string[]).includes(code ?? '')

/** The label fields of the API: a code it does not know is answered as none. */
export function endpointLabelFields(e: {
  description: string
  description_code: string | null
  description_params: unknown
}) {
  const params =
    e.description_params && typeof e.description_params === 'object' && !Array.isArray(e.description_params)
      ? (e.description_params as Record<string, unknown>)
      : {}
  const known = isLabelCode(e.description_code)
  return {
    description: e.description,
    description_code: known ? (e.description_code as EndpointLabelCode) : null,
    description_params: known
      ? (Object.fromEntries(Object.entries(params).filter(([, v]) => typeof v === 'string')) as Record<
          string,
          string
        >)
      : {},
  }
}

export const endpointLabelSchemaFields = {
  description: z.string().openapi({
    description: 'In English, or as the owner typed it; read `description_code` in the reader’s language',
  }),
  description_code: z.enum(endpointLabelCodes).nullable().openapi({
    description: 'What the platform worded, as a code (null: words a person typed; show `description`)',
    example: 'payment_request',
  }),
  description_params: z.record(z.string(), z.string()).openapi({
    description: 'The code’s parameters',
    example: { request_uuid: 'a1b2c3d4-0000-4000-8000-000000000001' },
  }),
}
