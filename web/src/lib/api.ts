import { createIsomorphicFn } from '@tanstack/react-start'

/**
 * The one way the web app talks to the API (`/api/v1`, same origin). Every call:
 *
 * - sends `X-Requested-With: cardpay` (without it the API ignores the session cookie on
 *   state-changing calls: the CSRF guard) and `credentials: 'same-origin'`;
 * - in the browser, refreshes the session first when fewer than 20 seconds of the access token
 *   remain (spec section 9), and after a 401/403 refreshes once and retries once (spec section 8);
 *   calls that find a refresh in flight wait for it (500 ms, up to 3 times);
 * - answers the parsed JSON, or throws `ApiError` with the envelope's code, message, reason and
 *   per-field messages, ready for a form.
 *
 * During server rendering the same calls go to the API over loopback with the browser's Cookie
 * header (see `api.server.ts`); the server never refreshes: the refresh cookie is only sent to
 * `/api/v1/auth`, so the browser does that after hydration.
 *
 * Session bookkeeping (who is signed in, when the token expires, what happens when the session
 * ends) lives in `session.ts`, which registers itself here through `configureApiSession`.
 */

export const apiBase = '/api/v1'

/** Header the API requires before it accepts the session cookie on a state-changing call. */
export const csrfHeaders = { 'x-requested-with': 'cardpay' } as const

/** Error codes of the API's envelope (`modules/platform/errors.ts`). */
export type ApiErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'business_rule'
  | 'too_many_requests'
  | 'internal'
  | 'service_unavailable'
  /** No answer at all (offline, server down) or an answer that is not the envelope. */
  | 'network'

export type FieldErrors = Record<string, string[]>

/** A failed call: the API's error envelope, typed. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorCode
  /** A stable reason inside the code, e.g. `wrong_portal` within `forbidden`. */
  readonly reason: string | undefined
  /** Per-field messages keyed by the field's path in the request (`email`, `items.0.amount`). */
  readonly fields: FieldErrors
  readonly requestId: string | undefined
  /** Seconds to wait before trying again (429), from `Retry-After` or the message. */
  readonly retryAfter: number | undefined

  constructor(init: {
    status: number
    code: ApiErrorCode
    message: string
    reason?: string | undefined
    fields?: FieldErrors | undefined
    requestId?: string | undefined
    retryAfter?: number | undefined
  }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.reason = init.reason
    this.fields = init.fields ?? {}
    this.requestId = init.requestId
    this.retryAfter = init.retryAfter
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code)
}

export type Query = Record<string, string | number | boolean | null | undefined>

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** JSON-encoded unless it is FormData (multipart uploads such as the avatar). */
  body?: unknown
  query?: Query
  headers?: Record<string, string>
  signal?: AbortSignal
  /**
   * `false` for calls that must not trigger a refresh: sign-in and refresh themselves, and calls
   * whose 401 is an answer (wrong password) rather than an expired session.
   */
  session?: boolean
}

/** What `session.ts` tells the client; the defaults describe a visitor who is not signed in. */
export interface ApiSessionHooks {
  /** Epoch milliseconds when the access token expires, or null when nobody is signed in. */
  accessExpiresAt(): number | null
  /** Whether a refresh could help (someone is or was signed in). */
  canRefresh(): boolean
  /** Exchanges the refresh cookie for new tokens; true when signed in again. Single flight. */
  refresh(): Promise<boolean>
  /** The refresh in flight, if any. */
  refreshing(): Promise<boolean> | null
}

let hooks: ApiSessionHooks = {
  accessExpiresAt: () => null,
  canRefresh: () => false,
  refresh: async () => false,
  refreshing: () => null,
}

/** Called once by `session.ts`: connects the client to the session store. */
export function configureApiSession(next: ApiSessionHooks): void {
  hooks = next
}

/** Spec section 9: a token is treated as expired 20 seconds before it does. */
export const expiryMarginMs = 20_000
/** Spec section 8: calls that meet a refresh in flight wait 500 ms, up to 3 times. */
export const refreshWaitMs = 500
export const refreshWaitTimes = 3

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Waits for a refresh in flight: 500 ms at a time, at most 3 times, earlier when it settles. */
async function waitForRefresh(): Promise<void> {
  for (let i = 0; i < refreshWaitTimes; i++) {
    const inFlight = hooks.refreshing()
    if (!inFlight) return
    await Promise.race([inFlight, sleep(refreshWaitMs)])
  }
}

export function apiUrl(path: string, query?: Query): string {
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${url}?${search}` : url
}

/** Sends one request: the browser's fetch, or the server's loopback call with the visitor's cookie. */
const transport = createIsomorphicFn()
  .server(async (url: string, init: RequestInit): Promise<Response> => {
    const { serverFetch } = await import('./api.server.ts')
    return serverFetch(url, init)
  })
  .client((url: string, init: RequestInit): Promise<Response> => fetch(url, init))

const isServer = typeof window === 'undefined'

function buildInit(options: ApiOptions): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json', ...csrfHeaders, ...options.headers }
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  return {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  }
}

/** Minutes or seconds named in a throttling message ("try again in 15 min"). */
function retryAfterFrom(response: Response, message: string): number | undefined {
  const header = response.headers.get('retry-after')
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim())
  const match = /in (\d+)\s*(min|s\b|sec)/i.exec(message)
  if (!match) return undefined
  return Number(match[1]) * (match[2]?.toLowerCase().startsWith('min') ? 60 : 1)
}

async function toApiError(response: Response): Promise<ApiError> {
  let envelope: unknown
  try {
    envelope = await response.json()
  } catch {
    envelope = undefined
  }
  const error =
    typeof envelope === 'object' && envelope !== null && 'error' in envelope
      ? (envelope.error as Record<string, unknown>)
      : undefined
  const message = typeof error?.message === 'string' ? error.message : response.statusText || 'error'
  return new ApiError({
    status: response.status,
    code: typeof error?.code === 'string' ? (error.code as ApiErrorCode) : 'network',
    message,
    reason: typeof error?.reason === 'string' ? error.reason : undefined,
    fields:
      typeof error?.fields === 'object' && error.fields !== null ? (error.fields as FieldErrors) : undefined,
    requestId:
      typeof error?.request_id === 'string'
        ? error.request_id
        : (response.headers.get('x-request-id') ?? undefined),
    retryAfter: response.status === 429 ? retryAfterFrom(response, message) : undefined,
  })
}

async function send(url: string, options: ApiOptions): Promise<Response> {
  try {
    return await transport(url, buildInit(options))
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw new ApiError({ status: 0, code: 'network', message: 'network error' })
  }
}

/**
 * Sends a call with the session handling of the module comment (refresh first when the token is
 * about to expire, one refresh and retry after a 401/403) and answers the successful response.
 * Throws `ApiError` for any answer outside 2xx.
 */
async function request(path: string, options: ApiOptions): Promise<Response> {
  const url = apiUrl(path, options.query)
  const withSession = options.session !== false && !isServer

  if (withSession) {
    await waitForRefresh()
    const expiresAt = hooks.accessExpiresAt()
    if (expiresAt !== null && expiresAt - Date.now() < expiryMarginMs) {
      await (hooks.refreshing() ?? hooks.refresh())
    }
  }

  let response = await send(url, options)
  if (withSession && (response.status === 401 || response.status === 403) && hooks.canRefresh()) {
    // Another call may have refreshed meanwhile; otherwise this one does. Either way: one retry.
    const inFlight = hooks.refreshing()
    const refreshed = inFlight ? await inFlight : await hooks.refresh()
    if (refreshed) response = await send(url, options)
  }

  if (!response.ok) throw await toApiError(response)
  return response
}

/**
 * Calls the API and answers its JSON body (undefined for 204). Throws `ApiError` for any answer
 * outside 2xx. See the module comment for refresh and retry.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await request(path, options)
  if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return undefined as T
  return (await response.json()) as T
}

/**
 * A file the API answers (a CSV export, a PDF) as a Blob, with the same session handling as every
 * call, so a download works with the session cookie and survives an expiring token. The file name
 * the API suggests (`Content-Disposition`) comes along when it gives one.
 */
api.blob = async (
  path: string,
  options: Omit<ApiOptions, 'body'> = {},
): Promise<{ blob: Blob; filename: string | undefined }> => {
  const response = await request(path, {
    ...options,
    method: options.method ?? 'GET',
    headers: { accept: '*/*', ...options.headers },
  })
  const disposition = response.headers.get('content-disposition') ?? ''
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition)
  const encoded = match?.[1]
  const filename = encoded ? decodeURIComponent(encoded) : match?.[2]
  return { blob: await response.blob(), filename }
}

api.get = <T>(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  api<T>(path, { ...options, method: 'GET' })
api.post = <T>(path: string, body?: unknown, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  api<T>(path, { ...options, method: 'POST', body })
api.put = <T>(path: string, body?: unknown, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  api<T>(path, { ...options, method: 'PUT', body })
api.patch = <T>(path: string, body?: unknown, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  api<T>(path, { ...options, method: 'PATCH', body })
api.delete = <T>(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  api<T>(path, { ...options, method: 'DELETE' })

/** Whether a failed query is worth retrying: never for an answer the API gave on purpose (4xx). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}
