import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { modules } from '../modules/index.ts'
import { platformFieldCodes, platformReasons } from '../modules/platform/errors.ts'
import { type ErrorBody, issueProblem } from '../modules/platform/http.ts'
import { buildDocument } from '../scripts/openapi.ts'
import { createTestContext, type TestContext } from './support/context.ts'

/**
 * Error codes end to end: every module's closed lists (its errors.ts) reach the OpenAPI document the
 * web's types are generated from, and refusals carry codes and numbers, not only English.
 */

const root = path.resolve(import.meta.dirname, '..')

/** The string lists a module's errors.ts declares (`export const xReasons = [...] as const`). */
function declaredLists(file: string): { reasons: string[]; fieldCodes: string[] } {
  const text = readFileSync(file, 'utf8')
  const list = (suffix: string) =>
    [...text.matchAll(new RegExp(`export const \\w+${suffix} = \\[([\\s\\S]*?)\\] as const`, 'g'))].flatMap(
      (m) => [...(m[1] ?? '').matchAll(/'([A-Za-z_]+)'/g)].map((q) => q[1] as string),
    )
  return { reasons: list('Reasons'), fieldCodes: list('FieldCodes') }
}

describe('the closed lists in the OpenAPI document', () => {
  const doc = buildDocument() as { components: { schemas: Record<string, { enum?: string[] }> } }
  const reasons = new Set(doc.components.schemas.ErrorReason?.enum)
  const fieldCodes = new Set(doc.components.schemas.FieldErrorCode?.enum)

  it('lists the platform’s reasons and field codes', () => {
    for (const r of platformReasons) expect(reasons).toContain(r)
    for (const c of platformFieldCodes) expect(fieldCodes).toContain(c)
  })

  it('lists every reason and field code of every module’s errors.ts, named in its definition', () => {
    const dirs = readdirSync(path.join(root, 'modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'platform')
      .map((d) => d.name)
    for (const name of dirs) {
      const file = path.join(root, 'modules', name, 'errors.ts')
      const declared = (() => {
        try {
          return declaredLists(file)
        } catch {
          return { reasons: [], fieldCodes: [] }
        }
      })()
      const definition = modules.find((m) => m.name === name)
      for (const r of declared.reasons) {
        expect(reasons, `${name}: ${r}`).toContain(r)
        expect(definition?.errors?.reasons, `${name} names its reasons`).toContain(r)
      }
      for (const c of declared.fieldCodes) {
        expect(fieldCodes, `${name}: ${c}`).toContain(c)
        expect(definition?.errors?.fieldCodes, `${name} names its field codes`).toContain(c)
      }
    }
  })

  it('refers to the lists from the error envelope', () => {
    const error = JSON.stringify(doc.components.schemas.Error)
    expect(error).toContain('#/components/schemas/ErrorReason')
    expect(JSON.stringify(doc.components.schemas.FieldIssue)).toContain('#/components/schemas/FieldErrorCode')
  })
})

describe('field error codes of the request schemas', () => {
  const issue = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value)
    if (result.success) throw new Error('expected a refusal')
    return issueProblem(result.error.issues[0] as z.core.$ZodIssue, value)
  }

  it('says which rule failed and its number, whatever the message', () => {
    expect(issue(z.object({ a: z.string() }), {})).toEqual({ code: 'required' })
    expect(issue(z.string().trim().min(1, 'title is required'), '  ')).toEqual({ code: 'required' })
    expect(issue(z.string().min(10, 'at least 10 characters'), 'short')).toEqual({
      code: 'too_short',
      params: { minimum: 10 },
    })
    expect(issue(z.string().max(3, 'at most 3 characters'), 'long')).toEqual({
      code: 'too_long',
      params: { maximum: 3 },
    })
    expect(issue(z.email('invalid email'), 'nope')).toEqual({
      code: 'invalid_format',
      params: { format: 'email' },
    })
    expect(issue(z.array(z.number()).max(1), [1, 2])).toEqual({ code: 'too_many', params: { maximum: 1 } })
    expect(issue(z.number().max(5), 6)).toEqual({ code: 'too_big', params: { maximum: 5 } })
    expect(issue(z.enum(['a', 'b']), 'c')).toEqual({ code: 'invalid_choice' })
    expect(issue(z.number(), 'x')).toEqual({ code: 'invalid_type', params: { expected: 'number' } })
    expect(issue(z.object({}).strict(), { x: 1 })).toEqual({ code: 'unknown_field', params: { fields: 'x' } })
  })

  it('takes a custom check’s own code', () => {
    const schema = z
      .string()
      .refine((v) => v === 'yes', { message: 'say yes', params: { code: 'invalid_date' } })
    expect(issue(schema, 'no')).toEqual({ code: 'invalid_date' })
    expect(
      issue(
        z.string().refine((v) => v === 'yes', 'say yes'),
        'no',
      ),
    ).toEqual({ code: 'invalid' })
  })
})

describe('the envelope of a refusal', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestContext()
  })
  afterAll(() => t.close())

  it('carries a code per field error next to its English message', async () => {
    const res = await t.h.post<unknown, ErrorBody>('/api/v1/support/requests', {
      name: '',
      email: 'not-an-email',
      topic: 'general',
      subject: 'Help',
      message: 'short',
    })
    expect(res.status).toBe(400)
    expect(res.body.error.fields?.message).toEqual(['at least 10 characters'])
    expect(res.body.error.field_codes).toMatchObject({
      name: [{ code: 'required' }],
      email: [{ code: 'invalid_format', params: { format: 'email' } }],
      message: [{ code: 'too_short', params: { minimum: 10 } }],
    })
  })

  it('carries the seconds of a 429 as retry_after', async () => {
    let res: Awaited<ReturnType<typeof t.h.post<unknown, ErrorBody>>> | undefined
    for (let i = 0; i < 12; i++) {
      res = await t.h.post<unknown, ErrorBody>('/api/v1/auth/login', {
        email: 'nobody@example.com',
        password: 'Wrong-pass-1',
      })
      if (res.status === 429) break
    }
    expect(res?.status).toBe(429)
    expect(res?.body.error.reason).toBe('sign_in_throttled')
    expect(res?.body.error.retry_after).toBe(Number(res?.headers.get('retry-after')))
  })
})
