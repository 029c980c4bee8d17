import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { saveProgramMethods } from '../commands/save-program-methods.ts'
import { programMethodsAnswer, programMethodsJson } from './get-program-methods.ts'
import { requestContext } from './schemas.ts'

const body = z
  .object({
    program: z.uuid('not a program id'),
    methods: z
      .array(
        z
          .object({
            method_id: z.string().trim().min(1, 'method_id is required').max(50),
            provider_id: z.string().trim().min(1).max(50).nullable().default(null),
            is_used: z.boolean({ message: 'true or false' }),
          })
          .strict(),
      )
      .min(1, 'at least one method')
      .max(50, 'at most 50 methods'),
  })
  .strict()
  .openapi('ProgramMethodsInput')

export const postProgramMethods = createRoute({
  method: 'post',
  path: '/manager/program-methods',
  tags: ['manager'],
  summary: 'Save a program’s payment methods',
  description:
    'Upserts the listed methods (others keep their settings). Rules (400 per field, e.g. `methods.0.provider_id`): the method is in the catalogue and listed once; a provider, when given, can take the method; a used method needs a provider. An active payment program must keep at least one validated method (422 `no_validated_method`); a completed payment draft (draftStep3) that loses its last one goes back to draftStep2. The program’s owner only: another owner’s program is 404; a blocked program 422 `program_blocked`.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    200: {
      description: 'Saved: the methods as now set',
      content: { 'application/json': { schema: programMethodsAnswer } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPostProgramMethods(app: ApiApp) {
  app.openapi(postProgramMethods, async (c) => {
    const me = requireUser(c, 'owner')
    const input = c.req.valid('json')
    const { db } = c.get('services')
    await saveProgramMethods(db, requestContext(c), me, input.program, input.methods)
    return c.json(await programMethodsJson(db, input.program), 200)
  })
}
