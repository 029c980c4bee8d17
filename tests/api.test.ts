import { createRoute, z } from '@hono/zod-openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { modules } from '../modules/index.ts'
import { AppError } from '../modules/platform/errors.ts'
import { type ErrorBody, newRouter } from '../modules/platform/http.ts'
import { defineModule } from '../modules/platform/module.ts'
import { closeServices, createServices } from '../modules/platform/services.ts'
import { newApp } from '../services/api/app.ts'
import { createTestContext, type TestContext } from './support/context.ts'

/** Routes that fail on purpose, to see what the caller gets. */
const failing = defineModule({
  name: 'failing',
  routes: (app) => {
    app.openapi(
      createRoute({
        method: 'get',
        path: '/test/boom',
        responses: { 200: { description: 'never' } },
      }),
      () => {
        throw new Error('connection string postgres://secret@db leaked')
      },
    )
    app.openapi(
      createRoute({
        method: 'get',
        path: '/test/conflict',
        responses: { 200: { description: 'never' } },
      }),
      () => {
        throw new AppError('conflict', 'Invite is already sent', { reason: 'invite_already_sent' })
      },
    )
  },
})

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ modules: [...modules, failing], env: { BODY_LIMIT: '4096' } })
})
afterAll(() => t.close())

describe('platform endpoints', () => {
  it('answers health and readiness', async () => {
    expect(await t.h.get('/api/v1/health')).toMatchObject({ status: 200, body: { status: 'ok' } })
    expect(await t.h.get('/api/v1/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { postgres: true, redis: true } },
    })
  })

  it('reports 503 when Redis is unreachable', async () => {
    const services = createServices({ ...t.config, REDIS_URL: 'redis://127.0.0.1:1' }, 'test-unready')
    services.redis.on('error', () => {})
    try {
      const app = newApp({ services, modules: [] })
      const res = await app.request('/api/v1/ready')
      expect(res.status).toBe(503)
      expect(await res.json()).toMatchObject({
        status: 'unavailable',
        checks: { postgres: true, redis: false },
      })
    } finally {
      await closeServices(services)
    }
  })

  it('serves a parseable OpenAPI 3.1 document listing module routes, and the reference page', async () => {
    const doc = await t.h.get<{
      openapi: string
      paths: Record<string, unknown>
      components: { schemas: object }
    }>('/api/v1/openapi.json')
    expect(doc.status).toBe(200)
    expect(doc.body.openapi).toBe('3.1.0')
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/ready', '/api/v1/support/requests']),
    )
    expect(doc.body.components.schemas).toHaveProperty('Error')
    const page = await t.h.get<string>('/api/docs')
    expect(page.status).toBe(200)
    expect(page.body).toContain('/api/docs/scalar.js')
    const script = await t.h.get<string>('/api/docs/scalar.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toContain('javascript')
  })
})

describe('every request', () => {
  it('gets a request id, echoed when the caller sent a valid one', async () => {
    const fresh = await t.h.get('/api/v1/health')
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const given = await t.h.get('/api/v1/health', { headers: { 'x-request-id': 'abc-123' } })
    expect(given.headers.get('x-request-id')).toBe('abc-123')
    const bad = await t.h.get('/api/v1/health', { headers: { 'x-request-id': 'no spaces <allowed>' } })
    expect(bad.headers.get('x-request-id')).not.toBe('no spaces <allowed>')
  })

  it('carries security headers', async () => {
    const res = await t.h.get('/api/v1/health')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('strict-transport-security')).toContain('max-age=')
  })
})

describe('errors', () => {
  it('answers an unknown API path with a JSON 404 in the envelope', async () => {
    const res = await t.h.get<ErrorBody>('/api/v1/nothing/here')
    expect(res.status).toBe(404)
    expect(res.body.error).toMatchObject({ code: 'not_found', request_id: res.headers.get('x-request-id') })
  })

  it('answers validation failures with 400 and a message per field', async () => {
    const res = await t.h.post<unknown, ErrorBody>('/api/v1/support/requests', {
      name: '',
      email: 'not-an-email',
      topic: 'weather',
      subject: 'Help',
      message: 'short',
      disputed_amount: { amount: 12.5, currency: 'euro' },
      surprise: true,
    })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('validation_failed')
    expect(res.body.error.fields).toMatchObject({
      name: ['name is required'],
      email: ['invalid email'],
      topic: [expect.stringContaining('general')],
      message: ['at least 10 characters'],
      'disputed_amount.amount': [expect.stringContaining('whole number')],
      'disputed_amount.currency': [expect.stringContaining('ISO 4217')],
      _: ['unknown field: surprise'],
    })
    expect(res.body.error.fields).not.toHaveProperty('subject')
  })

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await t.h.request<ErrorBody>('POST', '/api/v1/support/requests', {
      raw: '{"name": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('bad_request')
  })

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.h.post<unknown, ErrorBody>('/api/v1/support/requests', {
      message: 'x'.repeat(10_000),
    })
    expect(res.status).toBe(413)
    expect(res.body.error.code).toBe('payload_too_large')
  })

  it('maps module errors to their status with reason', async () => {
    const res = await t.h.get<ErrorBody>('/api/v1/test/conflict')
    expect(res.status).toBe(409)
    expect(res.body.error).toMatchObject({
      code: 'conflict',
      message: 'Invite is already sent',
      reason: 'invite_already_sent',
    })
  })

  it('hides internals of unexpected errors behind a 500', async () => {
    const res = await t.h.get<ErrorBody>('/api/v1/test/boom')
    expect(res.status).toBe(500)
    expect(res.body.error).toEqual({
      code: 'internal',
      message: 'internal error',
      request_id: expect.any(String),
    })
    expect(JSON.stringify(res.body)).not.toContain('secret')
  })

  it('keeps module routers on the platform validation behaviour', async () => {
    const router = newRouter().openapi(
      createRoute({
        method: 'get',
        path: '/q',
        request: { query: z.object({ page: z.coerce.number().int().min(1, 'first page is 1') }) },
        responses: { 200: { description: 'ok' } },
      }),
      (c) => c.json({ page: c.req.valid('query').page }, 200),
    )
    const app = newApp({
      services: t.services,
      modules: [defineModule({ name: 'q', routes: (a) => a.route('/', router) })],
    })
    const res = await app.request('/api/v1/q?page=0')
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).error.fields).toEqual({ page: ['first page is 1'] })
  })
})
