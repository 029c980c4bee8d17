import { bearerSecurity, displayNames, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { updateProgram } from '../commands/update-program.ts'
import {
  callerLanguage,
  programCurrency,
  programDescription,
  programSchema,
  programStatusId,
  programTitle,
  resultOf,
  toProgramJson,
  uuidParam,
} from './schemas.ts'

const body = z
  .object({
    title: programTitle.optional(),
    description: programDescription.optional(),
    currency: programCurrency.optional().openapi({ description: 'Only while a draft' }),
    status: programStatusId.optional().openapi({
      description:
        'Move the program: the next or an earlier draft step (11002–11004), 11001 to activate a completed draft (or to unblock), 11007 to block',
    }),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change')
  .openapi('ProgramChange')

export const patchProgram = createRoute({
  method: 'patch',
  path: '/manager/programs/{uuid}',
  tags: ['manager'],
  summary: 'Change a program or its status',
  description: [
    'The owner changes title, description, currency (drafts only) and status; an admin may only block and unblock (any program). Another owner’s program: 404.',
    'Status rules: drafts move one step forward at a time or back to an earlier step; a payment program (3001) reaches draftStep3 and is activated only with at least one payment method that validates (422 `no_validated_method`); draftStep3 → 11001 activates; an active, pending or expired program → 11007 blocks it and answers **202**; a blocked program → 11001 unblocks it (back to its status before the block; the owner only when they blocked it themselves, 403 `blocked_by_admin`). Other moves: 422 `invalid_status_transition`. A blocked program’s details cannot change (422 `program_blocked`).',
  ].join('\n\n'),
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: {
    params: uuidParam('program'),
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    200: { description: 'Changed', content: { 'application/json': { schema: resultOf(programSchema) } } },
    202: {
      description: 'Blocked: the program is unavailable to acceptors and card holders',
      content: { 'application/json': { schema: resultOf(programSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPatchProgram(app: ApiApp) {
  app.openapi(patchProgram, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db } = c.get('services')
    const { program, kind } = await updateProgram(
      db,
      { actor: c.get('actor'), requestId: c.get('requestId'), log: c.get('log') },
      me,
      c.req.valid('param').uuid,
      c.req.valid('json'),
    )
    const names = await displayNames(db, [program.owner_user_id])
    const result = toProgramJson(program, names.get(program.owner_user_id) ?? '', callerLanguage(c))
    return kind === 'block' ? c.json({ result }, 202) : c.json({ result }, 200)
  })
}
