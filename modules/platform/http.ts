import type { Hook } from '@hono/zod-openapi'
import { OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { nulError, nulFields } from './bad-input.ts'
import {
  AppError,
  type ErrorCode,
  type ErrorParams,
  errorStatus,
  type FieldErrorCode,
  type FieldProblems,
  fieldProblem,
} from './errors.ts'
import type { AppEnv } from './module.ts'

export { createRoute, z } from '@hono/zod-openapi'

/** A field error's code and the numbers it is made of (`{ "code": "too_long", "params": { "maximum": 200 } }`). */
export const fieldIssueSchema = z
  .object({
    code: z.string().openapi('FieldErrorCode'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .openapi('FieldIssue')

/**
 * The one error envelope of the API. `reason` is from the closed list of the module that refused
 * (`ErrorReason` in the document), `fields` holds English messages per field and `field_codes` the
 * same problems as codes with their numbers, `params` the numbers of the refusal itself and
 * `retry_after` the seconds of a 429. Clients word errors from the codes, never from `message`.
 */
export const errorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      reason: z.string().openapi('ErrorReason').optional(),
      params: z
        .record(z.string(), z.union([z.string(), z.number()]))
        .optional()
        .openapi({ description: 'The numbers and names of the refusal (minor units for amounts)' }),
      fields: z.record(z.string(), z.array(z.string())).optional(),
      field_codes: z.record(z.string(), z.array(fieldIssueSchema)).optional(),
      retry_after: z
        .number()
        .int()
        .optional()
        .openapi({ description: 'Seconds to wait (429), as Retry-After' }),
      request_id: z.string(),
    }),
  })
  .openapi('Error')

export type ErrorBody = z.infer<typeof errorEnvelope>

export function errorBody(c: Context<AppEnv>, err: AppError): ErrorBody {
  const problems = err.problems
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.reason ? { reason: err.reason } : {}),
      ...(err.params ? { params: err.params } : {}),
      ...(problems
        ? {
            fields: err.fields,
            field_codes: Object.fromEntries(
              Object.entries(problems).map(([k, list]) => [
                k,
                list.map((p) => (p.params ? { code: p.code, params: p.params } : { code: p.code })),
              ]),
            ),
          }
        : {}),
      ...(err.retryAfter !== undefined ? { retry_after: err.retryAfter } : {}),
      request_id: c.get('requestId'),
    },
  }
}

/** The value at an issue's path in the input (undefined when the path does not reach that far). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/**
 * The code of a zod issue, from what failed (never from its message): a custom check names its own
 * (`params.code`); an empty or missing value (`input`, the request's, tells which) is `required`;
 * lengths and sizes say which bound with its number.
 */
export function issueProblem(
  issue: z.core.$ZodIssue,
  input?: unknown,
): { code: FieldErrorCode; params?: ErrorParams } {
  switch (issue.code) {
    case 'custom': {
      const code = issue.params?.code
      return typeof code === 'string' ? { code: code as FieldErrorCode } : { code: 'invalid' }
    }
    case 'invalid_type': {
      const value = valueAt(input, issue.path)
      return value === undefined || value === null
        ? { code: 'required' }
        : { code: 'invalid_type', params: { expected: issue.expected } }
    }
    case 'too_small': {
      const minimum = Number(issue.minimum)
      if (issue.origin === 'string')
        return minimum <= 1 ? { code: 'required' } : { code: 'too_short', params: { minimum } }
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_few', params: { minimum } }
      return { code: 'too_small', params: { minimum } }
    }
    case 'too_big': {
      const maximum = Number(issue.maximum)
      if (issue.origin === 'string') return { code: 'too_long', params: { maximum } }
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_many', params: { maximum } }
      return { code: 'too_big', params: { maximum } }
    }
    case 'invalid_format':
      return { code: 'invalid_format', params: { format: issue.format } }
    case 'not_multiple_of':
      return { code: 'not_multiple_of', params: { divisor: Number(issue.divisor) } }
    case 'invalid_value':
      return { code: 'invalid_choice' }
    case 'invalid_union': {
      // A field that takes one of several shapes (text as a string or as rows) and was not sent.
      const value = valueAt(input, issue.path)
      return value === undefined || value === null ? { code: 'required' } : { code: 'invalid' }
    }
    case 'unrecognized_keys':
      return { code: 'unknown_field', params: { fields: issue.keys.join(', ') } }
    default:
      return { code: 'invalid' }
  }
}

/** Turns zod issues of `input` into per-field problems keyed by the field's path (`items.0.amount`). */
export function fieldProblems(issues: readonly z.core.$ZodIssue[], input?: unknown): FieldProblems {
  const fields: FieldProblems = {}
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : issue.message
    const { code, params } = issueProblem(issue, input)
    fields[key] = [...(fields[key] ?? []), fieldProblem(code, message, params)]
  }
  return fields
}

/** Validation failures of any route answer 400 with per-field messages, in the one envelope. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) {
    const err = new AppError('validation_failed', 'validation failed', {
      fields: fieldProblems(result.error.issues, (result as { data?: unknown }).data),
    })
    return c.json(errorBody(c, err), 400)
  }
  // Valid by the route's schema, but a NUL character cannot be stored: refused here for every route.
  const nul = nulFields(result.data)
  if (nul.length) return c.json(errorBody(c, nulError(nul)), 400)
}

/** A router for one module's endpoints, with the platform's validation behaviour. */
export function newRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
}

/** Standard error responses to list in a route's OpenAPI definition. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 422 | 429)[]) {
  const description: Record<number, string> = {
    400: 'Bad input; `fields` names each wrong field',
    401: 'No or invalid token',
    403: 'Not allowed for this caller',
    404: 'Not found',
    409: 'Conflict with the current state',
    413: 'Request body too large',
    422: 'A business rule refused the request',
    429: 'Too many requests',
  }
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: description[s]!, content: { 'application/json': { schema: errorEnvelope } } },
    ]),
  )
}

/** The optional `Idempotency-Key` request header, for the OpenAPI document of retry-safe POSTs. */
export const idempotencyKeyHeader = z.object({
  'idempotency-key': z.string().optional().openapi({
    description: 'Makes the call safe to retry: a repeat with the same key answers the first result',
  }),
})

/**
 * The caller's address. With `TRUST_PROXY` on, the platform sits behind one reverse proxy that
 * appends the address it saw to `X-Forwarded-For`: the right-most entry is that address (entries
 * to its left come from the client and can be forged). Otherwise the socket's peer address: a
 * forwarded header from a client talking to us directly is ignored.
 */
export function clientAddress(c: Context<AppEnv>): string | undefined {
  if (c.get('services').config.TRUST_PROXY) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const last = forwarded?.at(-1)
    if (last) return last
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress
}
