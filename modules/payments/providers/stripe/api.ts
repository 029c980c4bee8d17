import type { z } from 'zod'
import type { Logger } from '../../../platform/logger.ts'
import { InvalidCredentials, type ProviderCredentials, ProviderError } from '../provider.ts'
import { encodeForm, type FormValue } from './form.ts'

/**
 * The API version every request is pinned to, so a change of the account's default version in
 * Stripe's dashboard cannot change the shapes the adapter reads. 2024-06-20 is after the changes
 * the adapter relies on: PaymentIntents have `latest_charge` (2022-11-15, charges no longer listed),
 * and Checkout creates its PaymentIntent only when the payer submits (2022-08-01).
 */
export const stripeApiVersion = '2024-06-20'

export const defaultApiBase = 'https://api.stripe.com'

export interface StripeHttpOptions {
  fetch?: typeof fetch
  logger?: Logger
  /** Per request; Stripe asks clients to allow long answers, card networks can be slow. */
  timeoutMs?: number
}

/** Stripe's error envelope `{error: {...}}`: what we read of it. */
export interface StripeErrorBody {
  type?: string
  code?: string
  decline_code?: string
  message?: string
  param?: string
  /** With card errors on a PaymentIntent: the PaymentIntent as it is after the failed attempt. */
  payment_intent?: unknown
}

/**
 * Stripe answered with an error. A ProviderError, so callers that do not care about the details
 * see the interface's error; the adapter reads `body` where a decline is an answer, not a failure.
 */
export class StripeApiError extends ProviderError {
  override name = 'StripeApiError'
  readonly body: StripeErrorBody
  constructor(message: string, retryable: boolean, status: number, body: StripeErrorBody) {
    super(message, retryable, status)
    this.body = body
  }
}

/**
 * Card numbers must never reach a log or an error message. Stripe's messages do not contain them,
 * but an error text travels far (logs, the payer's screen), so any long run of digits is masked anyway.
 */
export function maskDigits(text: string): string {
  return text.replace(/\d(?:[ -]?\d){11,18}/g, '[redacted]')
}

/** `sk_test_…`/`rk_test_…` for test mode, `sk_live_…`/`rk_live_…` for live mode. */
export function keyMode(apiKey: string): 'test' | 'live' | undefined {
  const m = apiKey.match(/^[sr]k_(test|live)_/)
  return m ? (m[1] as 'test' | 'live') : undefined
}

/**
 * Refuses a key that does not belong to the configured mode before anything is sent, so a program
 * set up for test mode can never charge a real card with a live key pasted by mistake, and the
 * reverse.
 */
export function assertKeyMatchesMode(credentials: ProviderCredentials): void {
  const mode = keyMode(credentials.api_key)
  if (!mode)
    throw new InvalidCredentials(
      'Stripe secret keys start with sk_test_ or sk_live_ (or rk_ for restricted keys)',
      'stripe_key_prefix',
    )
  if (mode !== credentials.mode) {
    throw new InvalidCredentials(
      `a Stripe ${mode}-mode key cannot be used for a ${credentials.mode}-mode account`,
      'wrong_mode_key',
      { mode: credentials.mode },
    )
  }
}

export interface StripeRequest<S extends z.ZodType> {
  method: 'GET' | 'POST'
  path: string
  params?: Record<string, FormValue>
  /** Our reference (payment, refund, payout, merchant id): Stripe answers a retry with the first result. */
  idempotencyKey?: string
  schema: S
}

/**
 * One call to Stripe's REST API: form-encoded parameters (in the query for GET), bearer key,
 * pinned version, our reference as Idempotency-Key. Answers the parsed body; throws
 * InvalidCredentials (401), StripeApiError (any other error answer) or ProviderError (unreachable,
 * unreadable answer). Logs method, path, status and Stripe's request id — never parameters or bodies.
 */
export async function stripeRequest<S extends z.ZodType>(
  credentials: ProviderCredentials,
  req: StripeRequest<S>,
  opts: StripeHttpOptions = {},
): Promise<z.infer<S>> {
  assertKeyMatchesMode(credentials)
  const doFetch = opts.fetch ?? fetch
  const base = (credentials.api_base ?? defaultApiBase).replace(/\/+$/, '')
  const form = req.params ? encodeForm(req.params) : ''
  const url = req.method === 'GET' && form ? `${base}${req.path}?${form}` : `${base}${req.path}`
  const headers: Record<string, string> = {
    authorization: `Bearer ${credentials.api_key}`,
    'stripe-version': stripeApiVersion,
    accept: 'application/json',
  }
  if (req.method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded'
  if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey

  const started = Date.now()
  let res: Response
  let text: string
  try {
    res = await doFetch(url, {
      method: req.method,
      headers,
      body: req.method === 'POST' ? form : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    })
    text = await res.text()
  } catch (err) {
    // The error's own message may quote the URL (and so a GET's query); name and cause code only.
    const e = err as Error & { cause?: { code?: string } }
    const why = e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.name)
    opts.logger?.warn({ provider: 'stripe', method: req.method, path: req.path, why }, 'stripe unreachable')
    throw new ProviderError(`Stripe could not be reached (${why})`, true)
  }

  const requestId = res.headers.get('request-id') ?? undefined
  opts.logger?.debug(
    {
      provider: 'stripe',
      method: req.method,
      path: req.path,
      status: res.status,
      stripe_request_id: requestId,
      replayed: res.headers.get('idempotent-replayed') === 'true' || undefined,
      ms: Date.now() - started,
    },
    'stripe call',
  )

  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  if (!res.ok) throw errorFor(res, json, requestId)
  if (json === undefined) {
    // A proxy's page or a cut-off answer; behind an idempotency key a retry answers the stored result.
    throw new ProviderError(`Stripe answered ${res.status} with a body that is not JSON`, true, res.status)
  }

  const parsed = req.schema.safeParse(json)
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || '(root)'
    throw new ProviderError(
      `Stripe answered ${req.method} ${req.path} with a shape we cannot use (at ${where})`,
      false,
      res.status,
    )
  }
  return parsed.data
}

function errorFor(res: Response, json: unknown, requestId: string | undefined): Error {
  const raw: Record<string, unknown> =
    json && typeof json === 'object' && 'error' in json && json.error && typeof json.error === 'object'
      ? (json.error as Record<string, unknown>)
      : {}
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
  // Only what we read is kept: the error travels into logs.
  const body: StripeErrorBody = {
    type: text(raw.type),
    code: text(raw.code),
    decline_code: text(raw.decline_code),
    param: text(raw.param),
    payment_intent: raw.payment_intent,
  }
  const message = maskDigits(text(raw.message) ?? 'no message')
  if (res.status === 401) {
    // Stripe's text quotes part of the key; ours does not.
    return new InvalidCredentials('Stripe refused the API key')
  }
  // Stripe says itself whether a retry can help; without that: server side, rate limit, or a
  // concurrent request holding the same idempotency key (409) can pass on a retry.
  const header = res.headers.get('stripe-should-retry')
  const retryable =
    header === 'true'
      ? true
      : header === 'false'
        ? false
        : res.status >= 500 || res.status === 429 || res.status === 409
  const kind = [body.type, body.decline_code ?? body.code].filter(Boolean).join(', ')
  return new StripeApiError(
    `Stripe answered ${res.status}${kind ? ` (${kind})` : ''}: ${message}${requestId ? ` [${requestId}]` : ''}`,
    retryable,
    res.status,
    { ...body, message },
  )
}
