/**
 * The closed list of error codes the API answers with, each mapped to its HTTP status in this one
 * place. Modules add detail through `reason` and `fields`, never new statuses.
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

/**
 * Every `reason` the API may answer with. Each module lists its own in its `errors.ts` and adds them
 * here by declaration merging, so a reason that is in no list fails the type check:
 *
 * ```ts
 * export const cardsReasons = ['card_expired', ...] as const
 * declare module '../platform/errors.ts' {
 *   interface ErrorReasons extends Listed<typeof cardsReasons> {}
 * }
 * ```
 *
 * The module definition names the same lists (`errors`), which is how they reach the OpenAPI
 * document (`ErrorReason`, `FieldErrorCode`) and from there the web's generated types.
 */
export interface ErrorReasons extends Listed<typeof platformReasons> {}

/** Every code of a field error (`field_codes` in the envelope); filled like `ErrorReasons`. */
export interface FieldErrorCodes extends Listed<typeof platformFieldCodes> {}

export type ErrorReason = Extract<keyof ErrorReasons, string>
export type FieldErrorCode = Extract<keyof FieldErrorCodes, string>

/** The members a module's list adds to `ErrorReasons` or `FieldErrorCodes`. */
export type Listed<L extends readonly string[]> = { readonly [K in L[number]]: true }

/** A module's closed lists of error reasons and field error codes, as its definition names them. */
export interface ModuleErrors {
  reasons: readonly ErrorReason[]
  fieldCodes?: readonly FieldErrorCode[]
}

/**
 * The facts a refusal's message is made of, for clients that word it themselves: amounts in minor
 * units, counts, limits (`{ "refundable": 1250, "currency": "EUR" }`). Never read from `message`.
 */
export type ErrorParams = Record<string, string | number>

/** One thing wrong with one field: a stable code, its parameters, and the English words for it. */
export interface FieldProblem {
  code: FieldErrorCode
  message: string
  params?: ErrorParams
}

/** Per-field problems, keyed by the field's path in the request (`email`, `items.0.amount`). */
export type FieldProblems = Record<string, FieldProblem[]>

/** Per-field messages, keyed by the field's path in the request (`email`, `items.0.amount`). */
export type FieldErrors = Record<string, string[]>

/** Reasons the platform's own pieces answer with (bad input, idempotency, rate limits, access). */
export const platformReasons = [
  'nul_character',
  'malformed_url',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
  'rate_limited',
  'not_program_acceptor',
  'cashpoint_inactive',
  'overloaded',
] as const

/**
 * Field error codes of the platform: what the request schemas find (`required`, `too_long` with
 * `maximum`, `invalid_format` with `format`, …; see `issueProblem` in http.ts) and what the
 * platform's own checks find. Modules add codes for their own checks.
 */
export const platformFieldCodes = [
  'required',
  'too_short',
  'too_long',
  'too_few',
  'too_many',
  'too_small',
  'too_big',
  'not_multiple_of',
  'invalid_type',
  'invalid_format',
  'invalid_choice',
  'unknown_field',
  'invalid',
  'invalid_date',
  'nul_character',
  'bad_encoding',
] as const

/** The `params` of a zod custom issue (`refine`, `addIssue`): the field error code it answers with. */
export const withCode = (code: FieldErrorCode) => ({ code })

/** One field's problem, for `AppError`'s `fields`. */
export const fieldProblem = (code: FieldErrorCode, message: string, params?: ErrorParams): FieldProblem =>
  params ? { code, message, params } : { code, message }

export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  /** Per-field problems (400), each with its code and English message. */
  readonly problems: FieldProblems | undefined
  /** A more specific, stable reason inside the code, e.g. `invite_already_sent` within `conflict`. */
  readonly reason: ErrorReason | undefined
  /** The numbers and names the message is made of, for clients that word it themselves. */
  readonly params: ErrorParams | undefined
  /** Seconds until a retry may succeed (429, 503): sent as the Retry-After header and `retry_after`. */
  readonly retryAfter: number | undefined

  constructor(
    code: ErrorCode,
    message: string,
    opts: {
      fields?: FieldProblems
      reason?: ErrorReason
      params?: ErrorParams
      retryAfter?: number
      cause?: unknown
    } = {},
  ) {
    super(message, { cause: opts.cause })
    this.code = code
    this.problems = opts.fields
    this.reason = opts.reason
    this.params = opts.params
    this.retryAfter = opts.retryAfter === undefined ? undefined : Math.max(1, Math.ceil(opts.retryAfter))
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code]
  }

  /** The per-field messages (English), as the envelope's `fields` carries them. */
  get fields(): FieldErrors | undefined {
    if (!this.problems) return undefined
    return Object.fromEntries(
      Object.entries(this.problems).map(([k, list]) => [k, list.map((p) => p.message)]),
    )
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`)
export const forbidden = (message = 'access denied') => new AppError('forbidden', message)
export const unauthorized = (message = 'authentication required') => new AppError('unauthorized', message)
export const conflict = (message: string, reason?: ErrorReason) =>
  new AppError('conflict', message, reason ? { reason } : {})
export const businessRule = (message: string, reason?: ErrorReason, params?: ErrorParams) =>
  new AppError('business_rule', message, { ...(reason ? { reason } : {}), ...(params ? { params } : {}) })
/** A 400 naming one field, with the code of what is wrong and its English words. */
export const invalidField = (field: string, code: FieldErrorCode, message: string, params?: ErrorParams) =>
  new AppError('validation_failed', 'validation failed', {
    fields: { [field]: [fieldProblem(code, message, params)] },
  })
