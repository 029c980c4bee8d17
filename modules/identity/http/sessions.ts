import { sql } from 'kysely'
import { notFound } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { bearerSecurity, requireUser, signedIn } from '../auth.ts'
import { revokeSessions } from '../db/sessions.ts'
import { describeDevice } from '../device.ts'

const session = z
  .object({
    uuid: z.uuid(),
    created: z.iso.datetime(),
    last_used: z.iso.datetime(),
    expires: z.iso.datetime(),
    address: z.string().nullable(),
    device: z.string(),
    current: z.boolean().openapi({ description: 'The session of this request' }),
  })
  .openapi('Session')

export const getSessions = createRoute({
  method: 'get',
  path: '/user/profile/sessions',
  tags: ['user'],
  summary: 'My open sessions (signed-in devices)',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  responses: {
    200: {
      description: 'Open sessions, newest first',
      content: { 'application/json': { schema: z.array(session) } },
    },
    ...errorResponses(401),
  },
})

export const deleteSession = createRoute({
  method: 'delete',
  path: '/user/profile/sessions/{uuid}',
  tags: ['user'],
  summary: 'End one of my sessions (sign a device out)',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  request: { params: z.object({ uuid: z.uuid('not a session id') }) },
  responses: { 204: { description: 'Ended' }, ...errorResponses(400, 401, 404) },
})

export const deleteOtherSessions = createRoute({
  method: 'delete',
  path: '/user/profile/sessions',
  tags: ['user'],
  summary: 'End all my sessions but this one',
  security: bearerSecurity,
  middleware: [signedIn()] as const,
  responses: {
    200: {
      description: 'Ended',
      content: { 'application/json': { schema: z.object({ ended: z.number().int() }) } },
    },
    ...errorResponses(401),
  },
})

export function registerSessionRoutes(app: ApiApp) {
  app.openapi(getSessions, async (c) => {
    const me = requireUser(c)
    const rows = await c
      .get('services')
      .db.selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', me.user_id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('last_used_at', 'desc')
      .execute()
    return c.json(
      rows.map((r) => ({
        uuid: r.id,
        created: r.created_at.toISOString(),
        last_used: r.last_used_at.toISOString(),
        expires: r.expires_at.toISOString(),
        address: r.ip,
        device: describeDevice(r.user_agent),
        current: r.id === me.session_id,
      })),
      200,
    )
  })

  app.openapi(deleteSession, async (c) => {
    const me = requireUser(c)
    const { uuid } = c.req.valid('param')
    const { db } = c.get('services')
    // Only the caller's own sessions: another user's id is simply not found.
    const own = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', uuid)
      .where('user_id', '=', me.user_id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (!own) throw notFound('session')
    await revokeSessions(db, { sessionId: uuid }, 'ended_by_user')
    return c.body(null, 204)
  })

  app.openapi(deleteOtherSessions, async (c) => {
    const me = requireUser(c)
    const ended = await revokeSessions(
      c.get('services').db,
      { userId: me.user_id, except: me.session_id },
      'ended_by_user',
    )
    return c.json({ ended }, 200)
  })
}
