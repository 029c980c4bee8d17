import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './support/context.ts'
import { seedUser, signInAs } from './support/factories.ts'

/**
 * Every route of the OpenAPI document either declares bearer security, and then refuses a caller
 * without a token (401) before looking at the input, or is on this list of deliberately public
 * routes. A new route that forgets to declare who may call it fails here.
 */
const publicRoutes = new Set([
  'GET /api/v1/health',
  'GET /api/v1/ready',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/refresh',
  'POST /api/v1/support/requests',
  'GET /api/v1/user/avatars/{file}',
  // Program images (cards, restaurants) appear on pages guests see; the file name is unguessable.
  'GET /api/v1/manager/commons/images/{file}',
  // An invitation link's holder reads what it is before signing in: the link's secret is the access.
  'GET /api/v1/manager/invitations/{uuid}',
  // The feed: guests read public posts (spec food.md section 6); a token, when sent, widens what
  // the viewer's audience sees, and every answer is cut to it (modules/feed/rules/audience.ts).
  'GET /api/v1/feed/posts',
  'GET /api/v1/feed/posts/{uuid}',
  'GET /api/v1/feed/posts/{uuid}/comments',
  'GET /api/v1/feed/images/{uuid}/{size}',
  'GET /api/v1/feed/files/{uuid}',
  'GET /api/v1/feed/events',
  // Ordering (issue 15): guests order without an account; the food session's random uuid, known only
  // to the guest's device, is the access to its basket and orders (modules/food/session.ts).
  'GET /api/v1/food/session',
  'POST /api/v1/food/session',
  'GET /api/v1/food/session/{uuid}',
  'PATCH /api/v1/food/session/{uuid}',
  'GET /api/v1/food/basket/{sessionUuid}',
  'PUT /api/v1/food/basket/{sessionUuid}',
  'POST /api/v1/food/basket/{sessionUuid}',
  'GET /api/v1/food/basket/{sessionUuid}/slots',
  'POST /api/v1/food/basket/{sessionUuid}/checkout',
  'POST /api/v1/food/orders/{uuid}/payment',
  'GET /api/v1/food/orders/payment/{sessionId}',
  'GET /api/v1/food/orders/{uuid}',
  'GET /api/v1/food/orders/{uuid}/events',
  // Food courts (issue 16): guests read an active court and order with their food session, as above.
  'GET /api/v1/food/court',
  'GET /api/v1/food/court/basket/{sessionUuid}',
  'POST /api/v1/food/court/basket/{sessionUuid}/checkout',
  'GET /api/v1/food/court/orders/payment/{sessionUuid}',
  'GET /api/v1/food/court/orders/{uuid}',
])
const publicPrefixes = [
  // Reference data is read before anyone signs in (registration forms).
  'GET /api/v1/geo/',
  'GET /api/v1/settings/',
  // Registration and password recovery are for people without an account or a session.
  'POST /api/v1/user/signup/',
  'GET /api/v1/user/signup/',
  'POST /api/v1/user/acceptor-signup/',
  'POST /api/v1/user/cardholders/signup/',
  'POST /api/v1/user/password',
  // Payers with a payment's link (guests too), and providers' signed webhooks.
  'GET /api/v1/payment/checkout/',
  'POST /api/v1/payment/checkout/',
  'POST /api/v1/payment/pay',
  // Payers with a payment QR code (guests too): the signed, single-use token is the access.
  'GET /api/v1/payment/qr-pay',
  'POST /api/v1/payment/qr-pay',
  'POST /api/v1/payment/webhooks/',
  // The sandbox provider's hosted pages: the unguessable id in the link is the access.
  'GET /api/v1/sandbox/',
  'POST /api/v1/sandbox/',
  // Guests browse restaurants and products (the card-holder portal opens on /food for anyone), and
  // the web's server reads a domain's brand, sitemap and robots; pictures and PDFs are on those pages.
  'GET /api/v1/food/restaurants',
  'GET /api/v1/food/products/{uuid}',
  'GET /api/v1/food/brand',
  'GET /api/v1/food/sitemap.xml',
  'GET /api/v1/food/robots.txt',
  'GET /api/v1/food/images/',
  'GET /api/v1/food/documents/',
]

interface Operation {
  security?: Record<string, string[]>[]
}
type Doc = { paths: Record<string, Record<string, Operation>> }

let t: TestContext
let operations: { method: string; path: string; op: Operation }[]

beforeAll(async () => {
  t = await createTestContext()
  const doc = await t.h.get<Doc>('/api/v1/openapi.json')
  operations = Object.entries(doc.body.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  )
})
afterAll(() => t.close())

const isPublic = (method: string, path: string) => {
  const key = `${method} ${path}`
  return publicRoutes.has(key) || publicPrefixes.some((p) => key.startsWith(p))
}
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')

describe('authorization of every route', () => {
  it('declares bearer security on every route that is not deliberately public', () => {
    const undeclared = operations
      .filter(({ method, path, op }) => !isPublic(method, path) && !op.security?.some((s) => 'bearer' in s))
      .map(({ method, path }) => `${method} ${path}`)
    expect(undeclared).toEqual([])
    expect(operations.length).toBeGreaterThan(20)
  })

  it('refuses every secured route without a token, before validating the input', async () => {
    const secured = operations.filter(({ op }) => op.security?.some((s) => 'bearer' in s))
    expect(secured.length).toBeGreaterThan(5)
    for (const { method, path } of secured) {
      const res = await t.h.request(method, concrete(path), {
        raw: method === 'GET' || method === 'DELETE' ? undefined : '{"not":"valid"}',
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
  })

  it('refuses a well-signed token whose session was ended', async () => {
    const user = await seedUser(t, { type: 1 })
    const s = await signInAs(t.h, user)
    await t.h.post('/api/v1/auth/logout', undefined, { token: s.token })
    const secured = operations.filter(({ op }) => op.security?.some((x) => 'bearer' in x))
    for (const { method, path } of secured) {
      const res = await t.h.request(method, concrete(path), { token: s.token })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
  })
})
