/**
 * The route security harness (in the spirit of Unkey's `runCommonRouteTests`): one call in a
 * module's route test file proves, for every signed-in route the module mounts, the access
 * kernel's rule (docs/access.md):
 *
 * - no token, and a token that is not one: **401**;
 * - each user type the route is not for: **403** (`wrong_user_type`), and each type it is for gets
 *   past the guard;
 * - another tenant's object (named in the path, query or body): **404**, as an unknown id (and,
 *   for a read, the same request by the object's own tenant is not a 404);
 *
 * every refusal in the one error envelope `{error: {code, message, request_id, ...}}` whose
 * `request_id` is the answer's `X-Request-Id`. A signed-in route the module mounts but the table
 * does not list fails the run, so a new route cannot skip the checks.
 *
 *   runRouteSecurityTests({ context: () => t, module: programsModule, setup, routes: {
 *     'GET /manager/programs/{uuid}': { roles: ['owner', 'admin'],
 *       foreign: { as: 'owner', request: (f) => ({ params: { uuid: f.program } }) } },
 *     ...
 *   } })
 *
 * The harness signs in its own users: tenant A (`a`: an owner, an acceptor and a card holder, who
 * own what `setup` makes) and tenant B (`b`: the same three, who call with tenant A's objects),
 * and an admin. A route that ends the session it is called with (sign-out) says `endsSession`:
 * its calls are then made with sessions signed in for them alone.
 */
import { randomUUID } from 'node:crypto'
import { OpenAPIHono } from '@hono/zod-openapi'
import { beforeAll, describe, expect, it } from 'vitest'
import { type UserTypeName, userTypeNames } from '../../modules/platform/access.ts'
import type { ApiApp, ModuleDefinition } from '../../modules/platform/module.ts'
import type { TestContext, TestResponse } from './context.ts'
import { type Member, type Seeding, seeding, seedMember } from './factories.ts'

type TenantRole = Exclude<UserTypeName, 'admin'>

/** The users the harness signs in. */
export interface Tenants {
  s: Seeding
  /** Tenant A: owns the objects `setup` makes. */
  a: Record<TenantRole, Member>
  /** Tenant B: names tenant A's objects and must be told they do not exist. */
  b: Record<TenantRole, Member>
  admin: Member
}

/** What a request names: path parameters, query parameters and the JSON body. */
export interface RouteRequest {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
}

export interface ForeignCheck<F> {
  /** Tenant B's user who calls (a type the route is for). */
  as: TenantRole
  /** The request naming tenant A's object. */
  request: (fixtures: F, tenants: Tenants) => RouteRequest
  /** A read whose own tenant's answer cannot be awaited (a stream): no control call. */
  control?: false
}

export interface RouteRule<F> {
  /** The user types the route is for (`'any'`: every signed-in user); every other type gets 403. */
  roles: readonly UserTypeName[] | 'any'
  /** Another tenant's object answers 404 (one check or several). */
  foreign?: ForeignCheck<F> | readonly ForeignCheck<F>[]
  /**
   * The call ends the session it is made with (signing out): each of the harness's calls is made
   * with a session signed in for it alone, so the tenants' own sessions live on.
   */
  endsSession?: true
}

export interface RouteSecuritySpec<F> {
  /** The test file's context (created in its `beforeAll`). */
  context: () => TestContext
  /** The module whose signed-in routes must all be listed in `routes`. */
  module: ModuleDefinition
  /** Tenant A's objects, made once through the factories. */
  setup?: (tenants: Tenants) => Promise<F>
  /** Every signed-in route of the module: `'METHOD /path/{param}'` (under /api/v1) → its rule. */
  routes: Record<string, RouteRule<F>>
}

/** The signed-in routes a module mounts, as `METHOD /path` (OpenAPI routes that need a bearer). */
export function signedInRoutes(module: ModuleDefinition): string[] {
  const app = new OpenAPIHono()
  module.routes?.(app as unknown as ApiApp)
  return app.openAPIRegistry.definitions.flatMap((d) =>
    d.type === 'route' && d.route.security?.length ? [`${d.route.method.toUpperCase()} ${d.route.path}`] : [],
  )
}

const codeOf = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' } as const

interface ErrorEnvelope {
  error?: { code?: string; message?: string; reason?: string; request_id?: string }
}

/** A refusal with its status, in the one error envelope carrying the answer's request id. */
export function expectRefusal(res: TestResponse<unknown>, status: 401 | 403 | 404, what: string): void {
  const body = res.body as ErrorEnvelope
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status)
  expect(body, what).toMatchObject({
    error: { code: codeOf[status], message: expect.any(String), request_id: expect.any(String) },
  })
  expect(body.error?.request_id, `${what}: request_id`).toBe(res.headers.get('x-request-id'))
}

/** A stand-in for a path parameter the guard never reads. */
const dummy = (name: string) => {
  if (name === 'id') return '1'
  if (name === 'token') return 'ABCD-EFGH-JKLM-NPQR'
  return randomUUID()
}

function send(t: TestContext, route: string, request: RouteRequest, token?: string) {
  const [method = 'GET', template = '/'] = route.split(' ')
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(request.params?.[name] ?? dummy(name)),
  )
  const query = request.query ? `?${new URLSearchParams(request.query)}` : ''
  const withBody = method !== 'GET' && method !== 'DELETE'
  return t.h.request(method, `/api/v1${path}${query}`, {
    headers: {
      'idempotency-key': randomUUID(),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(token ? { token } : {}),
    ...(withBody ? { raw: JSON.stringify(request.body ?? {}) } : {}),
  })
}

export function runRouteSecurityTests<F = undefined>(spec: RouteSecuritySpec<F>): void {
  describe(`route security of ${spec.module.name}`, () => {
    let tenants: Tenants
    let fixtures: F
    const member = (type: UserTypeName) => (type === 'admin' ? tenants.admin : tenants.b[type])
    /** The member's token; a session of its own for a call that ends the session it is made with. */
    const tokenFor = async (rule: RouteRule<F>, who: Member) =>
      (rule.endsSession ? (await tenants.s.signIn(who)).token : who.api.token) as string

    beforeAll(async () => {
      const s = seeding(spec.context())
      const tenant = async (name: string) => {
        const [owner, acceptor, holder] = await Promise.all([
          seedMember(s, 'owner', { legal_type: 1, company_name: `Tenant ${name} BV` }),
          seedMember(s, 'acceptor', { legal_type: 1, company_name: `Shop ${name} BV` }),
          seedMember(s, 'holder'),
        ])
        return { owner, acceptor, holder }
      }
      const [a, b, admin] = await Promise.all([tenant('A'), tenant('B'), seedMember(s, 'admin')])
      tenants = { s, a, b, admin }
      fixtures = spec.setup ? await spec.setup(tenants) : (undefined as F)
    }, 120_000)

    it('lists every signed-in route of the module, and only those', () => {
      expect(Object.keys(spec.routes).sort()).toEqual(signedInRoutes(spec.module).sort())
    })

    for (const [route, rule] of Object.entries(spec.routes)) {
      const allowed = rule.roles === 'any' ? userTypeNames : rule.roles
      const refused = userTypeNames.filter((type) => !allowed.includes(type))

      it(`${route}: 401 without a valid token`, async () => {
        const t = spec.context()
        expectRefusal(await send(t, route, {}), 401, 'no token')
        expectRefusal(await send(t, route, {}, 'not-a-token'), 401, 'a token that is not one')
      })

      it(`${route}: 403 for ${refused.join(', ') || 'no user type'}; ${allowed.join(', ')} pass the guard`, async () => {
        const t = spec.context()
        for (const type of refused) {
          const res = await send(t, route, {}, await tokenFor(rule, member(type)))
          expectRefusal(res, 403, type)
          expect((res.body as ErrorEnvelope).error?.reason, type).toBe('wrong_user_type')
        }
        for (const type of allowed) {
          const res = await send(t, route, {}, await tokenFor(rule, member(type)))
          const reason = (res.body as ErrorEnvelope).error?.reason
          expect(res.status, `${type} is let through: ${JSON.stringify(res.body)}`).not.toBe(401)
          expect(reason, `${type} is let through`).not.toBe('wrong_user_type')
        }
      })

      const foreign = rule.foreign === undefined ? [] : ([] as ForeignCheck<F>[]).concat(rule.foreign)
      for (const check of foreign) {
        it(`${route}: another tenant's object is 404 to their ${check.as}`, async () => {
          const t = spec.context()
          const request = check.request(fixtures, tenants)
          expectRefusal(
            await send(t, route, request, await tokenFor(rule, tenants.b[check.as])),
            404,
            `tenant B's ${check.as}`,
          )
          if (route.startsWith('GET ') && check.control !== false) {
            // The same read by tenant A's user finds it: the 404 is the tenant rule, not a bad request.
            const own = await send(t, route, request, await tokenFor(rule, tenants.a[check.as]))
            expect(own.status, `tenant A's ${check.as}: ${JSON.stringify(own.body)}`).not.toBe(404)
          }
        })
      }
    }
  })
}
