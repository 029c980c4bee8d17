import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { sql } from 'kysely'
import { type Caller, type UserTypeName, userTypes } from '../platform/access.ts'
import { AppError } from '../platform/errors.ts'
import { clientAddress } from '../platform/http.ts'
import type { AppEnv } from '../platform/module.ts'
import { verifyAccessToken } from './tokens.ts'

/**
 * Browsers keep their tokens in httpOnly cookies (out of reach of page scripts); API clients send
 * `Authorization: Bearer`. A cookie only counts on a state-changing request that also carries
 * `X-Requested-With` (which a cross-site form cannot send): together with SameSite this shuts out
 * cross-site request forgery.
 */
export const cookieNames = { access: 'cp_at', refresh: 'cp_rt' } as const
export const csrfHeader = 'x-requested-with'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Why the presented credentials were not accepted (kept for a precise 401). */
type AuthProblem = 'token_invalid' | 'session_ended'
const problems = new WeakMap<Context, AuthProblem>()

export function bearerToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('authorization')
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined
  return undefined
}

/** The caller's address for throttling and the login history ('unknown' in in-process tests). */
export const clientIp = (c: Context<AppEnv>): string => clientAddress(c) ?? 'unknown'

/** Who is signing in, for the session and the login history: address and browser. */
export const clientMeta = (c: Context<AppEnv>) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') })

/**
 * Sets the actor of every API request that carries a valid access token whose session is still
 * open and whose user is still active (so a sign-out, a password change or a disabled account ends
 * access at once, not when the token expires). Never refuses by itself: routes decide with
 * `requireUser()`; guest routes simply see a guest.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  let token = bearerToken(c)
  if (!token) {
    const cookie = getCookie(c, cookieNames.access)
    if (cookie && (safeMethods.has(c.req.method) || c.req.header(csrfHeader))) token = cookie
  }
  if (token) {
    const { config, db } = c.get('services')
    const claims = await verifyAccessToken(config, token)
    if (!claims) problems.set(c, 'token_invalid')
    else {
      const live = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('users.type')
        .where('sessions.id', '=', claims.sid)
        .where('sessions.user_id', '=', claims.sub)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', sql<Date>`now()`)
        .where('users.is_active', '=', true)
        .executeTakeFirst()
      if (!live || live.type !== claims.typ) problems.set(c, 'session_ended')
      else {
        c.set('actor', { kind: 'user', user_id: claims.sub, user_type: claims.typ, session_id: claims.sid })
        c.set('log', c.get('log').child({ user_id: claims.sub }))
      }
    }
  }
  await next()
})

/** The signed-in caller of a request (the access kernel's `Caller`, with its session). */
export type SignedInUser = Caller & { session_id: string }

/**
 * The signed-in caller, refused with 401 when there is none (or the token is no longer valid),
 * and with 403 when the caller's user type is not among `types` (named: `'owner'`, `'acceptor'`,
 * `'holder'`, `'admin'`; a token of another portal).
 */
export function requireUser(c: Context<AppEnv>, ...types: UserTypeName[]): SignedInUser {
  const actor = c.get('actor')
  if (actor.kind !== 'user' || !actor.session_id) {
    const problem = problems.get(c)
    throw new AppError(
      'unauthorized',
      problem === 'session_ended'
        ? 'your session has ended; sign in again'
        : problem === 'token_invalid'
          ? 'token no longer valid'
          : 'sign-in required',
      { reason: problem ?? 'no_token' },
    )
  }
  if (types.length && !types.some((name) => userTypes[name] === actor.user_type)) {
    throw new AppError('forbidden', 'this call is not available to your account type', {
      reason: 'wrong_user_type',
    })
  }
  return { user_id: actor.user_id, user_type: actor.user_type, session_id: actor.session_id }
}

/** OpenAPI security requirement for routes that need a signed-in user. */
export const bearerSecurity = [{ bearer: [] }]

/**
 * Route middleware: refuses the call (401/403) before its input is even validated, so a caller
 * without the right to a route learns nothing about its input rules. Handlers still call
 * `requireUser()` to get the user.
 */
export const signedIn = (...types: UserTypeName[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    requireUser(c, ...types)
    await next()
  })
