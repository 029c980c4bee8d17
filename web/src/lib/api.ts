import { createIsomorphicFn } from '@tanstack/react-start'
import type { ApiResponse, components, ErrorReason, paths } from './api-types.gen.ts'

/**
 * The one way the web app talks to the API (`/api/v1`, same origin). Every call:
 *
 * - sends `X-Requested-With: cardpay` (without it the API ignores the session cookie on
 *   state-changing calls: the CSRF guard) and `credentials: 'same-origin'`;
 * - in the browser, refreshes the session first when fewer than 20 seconds of the access token
 *   remain (spec section 9), and after a 401/403 refreshes once and retries once (spec section 8);
 *   calls that find a refresh in flight wait for it (500 ms, up to 3 times);
 * - answers the parsed JSON, or throws `ApiError` with the envelope's code, reason, per-field codes
 *   and numbers, ready for a form (`useFieldErrors`) or a message (`describeApiError`).
 *
 * During server rendering the same calls go to the API over loopback with the browser's Cookie
 * header (see `api.server.ts`); the server never refreshes: the refresh cookie is only sent to
 * `/api/v1/auth`, so the browser does that after hydration.
 *
 * Session bookkeeping (who is signed in, when the token expires, what happens when the session
 * ends) lives in `session.ts`, which registers itself here through `configureApiSession`.
 */

export const apiBase = '/api/v1'

/** A route of the API as the client calls it (`/user/profile`, `/manager/programs/{uuid}`). */
export type ApiRoute = { [K in keyof paths]: K extends `/api/v1${infer Route}` ? Route : never }[keyof paths]

/**
 * The JSON answer of a route, from the generated types (web/src/lib/api-types.gen.ts):
 * `Answer<'/user/profile'>`, `Answer<'/manager/programs', 'post', 201>`. A route the API does not
 * have fails the type check.
 */
export type Answer<
  Route extends ApiRoute,
  Method extends string = 'get',
  Status extends number = 200,
> = ApiResponse<
  `/api/v1${Route}` & keyof paths,
  Method & keyof paths[`/api/v1${Route}` & keyof paths],
  Status
>

/** The JSON body a route takes (`Body<'/manager/programs', 'post'>`), from the generated types. */
export type Body<Route extends ApiRoute, Method extends string = 'post'> = paths[`/api/v1${Route}` &
  keyof paths][Method & keyof paths[`/api/v1${Route}` & keyof paths]] extends {
  requestBody?: { content: { 'application/json': infer B } }
}
  ? B
  : never

/** Header the API requires before it accepts the session cookie on a state-changing call. */
export const csrfHeaders = { 'x-requested-with': 'cardpay' } as const

type Envelope = components['schemas']['Error']['error']

/** Error codes of the API's envelope, plus `network`: no answer at all, or one that is not the envelope. */
export type ApiErrorCode = Envelope['code'] | 'network'

/** One thing wrong with one field: its code (`FieldErrorCode`) and the numbers it is made of. */
export type FieldIssue = components['schemas']['FieldIssue']

/** The numbers and names a refusal or a field error is made of (`{ maximum: 200 }`). */
export type ErrorParams = NonNullable<Envelope['params']>

/**
 * A failed call: the API's error envelope, typed. The screens word it from `code`, `reason`,
 * `fields` (codes per field) and `params`, never from `message` (English, for logs).
 */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorCode
  /** A stable reason inside the code, e.g. `wrong_portal` within `forbidden` (the API's closed list). */
  readonly reason: ErrorReason | undefined
  /** The numbers of the refusal itself (minor units for amounts): `{ refundable: 1250 }`. */
  readonly params: ErrorParams
  /** What is wrong per field, keyed by the field's path in the request (`email`, `items.0.amount`). */
  readonly fields: Record<string, FieldIssue[]>
  readonly requestId: string | undefined
  /** Seconds to wait before trying again (429), from `Retry-After` or the envelope. */
  readonly retryAfter: number | undefined

  constructor(init: {
    status: number
    code: ApiErrorCode
    message: string
    reason?: ErrorReason | undefined
    params?: ErrorParams | undefined
    fields?: Record<string, FieldIssue[]> | undefined
    requestId?: string | undefined
    retryAfter?: number | undefined
  }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.reason = init.reason
    this.params = init.params ?? {}
    this.fields = init.fields ?? {}
    this.requestId = init.requestId
    this.retryAfter = init.retryAfter
  }
}

/** The first problem of a field, if the API named it. */
export const fieldIssue = (error: unknown, field: string): FieldIssue | undefined =>
  error instanceof ApiError ? error.fields[field]?.[0] : undefined

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

/** Seconds of a 429: the Retry-After header, else the envelope's `retry_after`. */
function retryAfterOf(response: Response, envelope: Partial<Envelope> | undefined): number | undefined {
  const header = response.headers.get('retry-after')
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim())
  return typeof envelope?.retry_after === 'number' ? envelope.retry_after : undefined
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const error =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object'
      ? (body.error as Partial<Envelope>)
      : undefined
  const message = typeof error?.message === 'string' ? error.message : response.statusText || 'error'
  return new ApiError({
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : 'network',
    message,
    reason: typeof error?.reason === 'string' ? error.reason : undefined,
    params: typeof error?.params === 'object' && error.params !== null ? error.params : undefined,
    fields:
      typeof error?.field_codes === 'object' && error.field_codes !== null ? error.field_codes : undefined,
    requestId:
      typeof error?.request_id === 'string'
        ? error.request_id
        : (response.headers.get('x-request-id') ?? undefined),
    retryAfter: response.status === 429 ? retryAfterOf(response, error) : undefined,
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
