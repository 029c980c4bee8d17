import { bearerSecurity, displayNames, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { programStatuses } from '../codes.ts'
import { createProgram } from '../commands/create-program.ts'
import {
  callerLanguage,
  programCurrency,
  programDescription,
  programSchema,
  programTitle,
  programTypeId,
  resultOf,
  toProgramJson,
} from './schemas.ts'

const body = z
  .object({
    type: programTypeId,
    title: programTitle,
    description: programDescription.default(''),
    currency: programCurrency.default('EUR'),
    status: z
      .literal(programStatuses.draftStep1, { message: 'a new program is saved as draftStep1 (11002)' })
      .optional()
      .openapi({ description: 'May be sent; a new program is always draftStep1 (11002)' }),
  })
  .strict()
  .openapi('ProgramInput')

export const postProgram = createRoute({
  method: 'post',
  path: '/manager/programs',
  tags: ['manager'],
  summary: 'Create a program (step 0 of the wizard)',
  description:
    'Any of the five types (card 1001, credit management 2001, payment management 3001, foods 4001, food court 5001). Saved as draftStep1 (11002) for the caller, to be continued at step 1 (`step`). Program owners only.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: resultOf(programSchema) } } },
    ...errorResponses(400, 401, 403),
  },
})

export function registerPostProgram(app: ApiApp) {
  app.openapi(postProgram, async (c) => {
    const me = requireUser(c, 'owner')
    const input = c.req.valid('json')
    const { db } = c.get('services')
    const row = await createProgram(
      db,
      { actor: c.get('actor'), requestId: c.get('requestId'), log: c.get('log') },
      me.user_id,
      input,
    )
    const names = await displayNames(db, [me.user_id])
    return c.json({ result: toProgramJson(row, names.get(me.user_id) ?? '', callerLanguage(c)) }, 201)
  })
}
