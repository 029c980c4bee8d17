import type { Hook } from '@hono/zod-openapi'
import { OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { nulError, nulFields } from './bad-input.ts'
import { AppError, type ErrorCode, errorStatus, type FieldErrors } from './errors.ts'
import type { AppEnv } from './module.ts'

export { createRoute, z } from '@hono/zod-openapi'

/** The one error envelope of the API. */
export const errorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      reason: z.string().optional(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
      request_id: z.string(),
    }),
  })
  .openapi('Error')

export type ErrorBody = z.infer<typeof errorEnvelope>

export function errorBody(c: Context<AppEnv>, err: AppError): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.reason ? { reason: err.reason } : {}),
      ...(err.fields ? { fields: err.fields } : {}),
      request_id: c.get('requestId'),
    },
  }
}

/** Turns zod issues into per-field messages keyed by the field's path (`items.0.amount`). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : issue.message
    fields[key] = [...(fields[key] ?? []), message]
  }
  return fields
}

/** Validation failures of any route answer 400 with per-field messages, in the one envelope. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) {
    const err = new AppError('validation_failed', 'validation failed', {
      fields: fieldErrors(result.error.issues),
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
