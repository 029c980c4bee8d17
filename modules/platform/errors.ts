/**
 * The closed list of error codes the API answers with, each mapped to its HTTP status in this one
 * place. Modules add detail through `message` and `fields`, never new statuses.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  business_rule: 422,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

/** Per-field messages, keyed by the field's path in the request (`email`, `items.0.amount`). */
export type FieldErrors = Record<string, string[]>

export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  readonly fields: FieldErrors | undefined
  /** A more specific, stable reason inside the code, e.g. `invite_already_sent` within `conflict`. */
  readonly reason: string | undefined
  /** Seconds until a retry may succeed (429, 503): sent as the Retry-After header. */
  readonly retryAfter: number | undefined

  constructor(
    code: ErrorCode,
    message: string,
    opts: { fields?: FieldErrors; reason?: string; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause })
    this.code = code
    this.fields = opts.fields
    this.reason = opts.reason
    this.retryAfter = opts.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(opts.retryAfter))
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code]
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`)
export const forbidden = (message = 'access denied') => new AppError('forbidden', message)
export const unauthorized = (message = 'authentication required') => new AppError('unauthorized', message)
export const conflict = (message: string, reason?: string) =>
  new AppError('conflict', message, reason ? { reason } : {})
export const businessRule = (message: string, reason?: string) =>
  new AppError('business_rule', message, reason ? { reason } : {})
export const invalidField = (field: string, message: string) =>
  new AppError('validation_failed', 'validation failed', { fields: { [field]: [message] } })
