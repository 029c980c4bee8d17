import type { Listed, ModuleErrors } from '../platform/errors.ts'

/** The webhooks module's closed list of error reasons (endpoints, deliveries, replays). */
export const webhooksReasons = ['endpoint_inactive'] as const

/** Codes of the webhooks module's own field checks. */
export const webhooksFieldCodes = [
  'invalid_url',
  'not_http',
  'url_has_credentials',
  'private_address',
  'host_not_found',
  'not_an_object',
  'invalid_secret',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof webhooksReasons> {}
  interface FieldErrorCodes extends Listed<typeof webhooksFieldCodes> {}
}

export const webhooksErrors: ModuleErrors = { reasons: webhooksReasons, fieldCodes: webhooksFieldCodes }
