import { sql } from 'kysely'
import { isAdmin } from '../../platform/access.ts'
import type { UserType } from '../../platform/context.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageOffset, pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { revokeSessions } from '../db/sessions.ts'
import { findUserById, type UserRow, updateUser } from '../db/users.ts'
import { avatarUrl, ownProfile, publicProfile } from '../profile-fields.ts'
import { typeFilters } from '../user-types.ts'
import { profileSchema, userTypeSchema } from './get-profile.ts'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`)

const listQuery = paginationQuery({ defaultSize: 25, maxSize: 200 }).extend({
  type: z
    .enum(Object.keys(typeFilters) as [keyof typeof typeFilters, ...(keyof typeof typeFilters)[]], {
      message: 'one of all, po, acc, ch, admin',
    })
    .default('all'),
  name: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(30).optional(),
})

const listedUser = z
  .object({
    uuid: z.uuid(),
    type: userTypeSchema,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    phone_code: z.string().nullable(),
    phone: z.string().nullable(),
    avatar: z.string().nullable(),
    is_active: z.boolean(),
    created: z.iso.datetime(),
  })
  .openapi('ListedUser')

const toListed = (u: UserRow) => ({
  uuid: u.id,
  type: u.type as UserType,
  email: u.email,
  first_name: u.first_name,
  last_name: u.last_name,
  full_name: `${u.first_name} ${u.last_name}`.trim(),
  phone_code: u.phone_code,
  phone: u.phone,
  avatar: avatarUrl(u.avatar),
  is_active: u.is_active,
  created: u.created_at.toISOString(),
})

export const getUsers = createRoute({
  method: 'get',
  path: '/user/users',
  tags: ['user'],
  summary: 'Users (admin)',
  description:
    'Filtered by type (all, po, acc, ch, admin) and by substrings of name, e-mail and phone; newest first.',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  request: { query: listQuery },
  responses: {
    200: { description: 'One page', content: { 'application/json': { schema: pageSchema(listedUser) } } },
    ...errorResponses(400, 401, 403),
  },
})

const uuidParam = z.object({ uuid: z.uuid('not a user id') })

/** What anyone signed in may read about another user (an admin reads the whole `Profile`). */
const publicProfileSchema = z
  .object({
    uuid: z.uuid(),
    type: userTypeSchema,
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    title: z.string().nullable(),
    avatar: z.string().nullable(),
    description: z.string().nullable(),
    url: z.string().nullable(),
    position: z.string().nullable(),
    company_name: z.string().nullable(),
    is_active: z.boolean(),
    created: z.iso.datetime(),
  })
  .openapi('PublicProfile')

export const getUser = createRoute({
  method: 'get',
  path: '/user/users/{uuid}',
  tags: ['user'],
  summary: 'A user’s public profile',
  description:
    'Any signed-in user reads the public profile (no e-mail, phone or address); an admin reads everything.',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { params: uuidParam },
  responses: {
    200: {
      description: 'The profile',
      content: { 'application/json': { schema: z.union([publicProfileSchema, profileSchema]) } },
    },
    ...errorResponses(400, 401, 404),
  },
})

export const patchUser = createRoute({
  method: 'patch',
  path: '/user/users/{uuid}',
  tags: ['user'],
  summary: 'Enable or disable a user (admin)',
  description: 'Disabling ends every session of the user at once.',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  request: {
    params: uuidParam,
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ is_active: z.boolean() }).strict() } },
    },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: listedUser } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerUserRoutes(app: ApiApp) {
  app.openapi(getUsers, async (c) => {
    requireUser(c, 'admin')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    let base = db.selectFrom('users')
    const type = typeFilters[q.type]
    if (type !== null) base = base.where('type', '=', type)
    if (q.name) {
      base = base.where(
        sql<string>`lower(first_name || ' ' || last_name)`,
        'like',
        `%${escapeLike(q.name.toLowerCase())}%`,
      )
    }
    if (q.email)
      base = base.where(sql<string>`lower(email)`, 'like', `%${escapeLike(q.email.toLowerCase())}%`)
    if (q.phone) {
      const digits = q.phone.replace(/\D/g, '')
      if (digits)
        base = base.where(
          sql<string>`regexp_replace(coalesce(phone_code, '') || coalesce(phone, ''), '\\D', '', 'g')`,
          'like',
          `%${digits}%`,
        )
    }
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(q.size)
        .offset(pageOffset(q))
        .execute(),
      base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
    ])
    return c.json(toPage(c.req.url, q, Number(total.n), rows.map(toListed)), 200)
  })

  app.openapi(getUser, async (c) => {
    const me = requireUser(c)
    const user = await findUserById(c.get('services').db, c.req.valid('param').uuid)
    if (!user) throw notFound('user')
    return c.json(isAdmin(me) ? ownProfile(user) : publicProfile(user), 200)
  })

  app.openapi(patchUser, async (c) => {
    const me = requireUser(c, 'admin')
    const { uuid } = c.req.valid('param')
    const { is_active } = c.req.valid('json')
    if (uuid === me.user_id && !is_active) {
      throw new AppError('business_rule', 'you cannot disable your own account', {
        reason: 'cannot_disable_self',
      })
    }
    const { db, log } = c.get('services')
    const user = await db.transaction().execute(async (trx) => {
      const found = await findUserById(trx, uuid)
      if (!found) throw notFound('user')
      if (!is_active) await revokeSessions(trx, { userId: uuid }, 'account_disabled')
      return updateUser(trx, uuid, { is_active })
    })
    log.info({ target_user: uuid, is_active, by: me.user_id }, 'user access changed')
    return c.json(toListed(user), 200)
  })
}
