import { bearerSecurity, displayNames, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { programOf } from '../access.ts'
import { callerLanguage, langQuery, programSchema, resultOf, toProgramJson, uuidParam } from './schemas.ts'

export const getProgram = createRoute({
  method: 'get',
  path: '/manager/programs/{uuid}',
  tags: ['manager'],
  summary: 'A program',
  description:
    'For its owner and admins (the admin portal’s /programs/{uuid}); another owner’s program is 404. Acceptors and card holders: 403.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { params: uuidParam('program'), query: langQuery },
  responses: {
    200: { description: 'The program', content: { 'application/json': { schema: resultOf(programSchema) } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetProgram(app: ApiApp) {
  app.openapi(getProgram, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db } = c.get('services')
    const row = await programOf(db, me, c.req.valid('param').uuid, { admin: true })
    const names = await displayNames(db, [row.owner_user_id])
    const language = callerLanguage(c, c.req.valid('query').lang)
    return c.json({ result: toProgramJson(row, names.get(row.owner_user_id) ?? '', language) }, 200)
  })
}
