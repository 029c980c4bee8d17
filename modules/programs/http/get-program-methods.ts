import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { paymentMethods } from '../../payments/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { programOf } from '../access.ts'
import { programMethodSettings } from '../methods.ts'

export const programMethodSchema = z
  .object({
    id: z.string().openapi({ example: 'ideal', description: 'The method_id' }),
    title: z.string(),
    description: z.string(),
    psp_id: z.string().nullable(),
    providers: z.array(z.string()).openapi({ description: 'Providers that can take this method' }),
    provider: z.string().nullable().openapi({ description: 'The provider_id chosen for the program' }),
    is_used: z.boolean(),
    validated: z
      .boolean()
      .openapi({ description: 'In use with a provider that can take it (a payment program needs one)' }),
  })
  .openapi('ProgramMethod')

export const programMethodsAnswer = z
  .object({ program: z.uuid(), results: z.array(programMethodSchema) })
  .openapi('ProgramMethods')

/** The catalogue with the program's settings: every method is listed, unset ones as not used. */
export async function programMethodsJson(db: Parameters<typeof programMethodSettings>[0], programId: string) {
  const settings = new Map((await programMethodSettings(db, programId)).map((s) => [s.method_id, s]))
  return {
    program: programId,
    results: paymentMethods.map((m) => {
      const s = settings.get(m.id)
      return {
        id: m.id,
        title: m.title,
        description: m.description,
        psp_id: m.psp_id,
        providers: [...m.providers],
        provider: s?.provider_id ?? null,
        is_used: s?.is_used ?? false,
        validated: s?.validated ?? false,
      }
    }),
  }
}

export const getProgramMethods = createRoute({
  method: 'get',
  path: '/manager/program-methods',
  tags: ['manager'],
  summary: 'A program’s payment methods',
  description:
    'Every method of the payments catalogue with the program’s choice of provider and whether it is used. For the program’s owner and admins; another owner’s program: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: z.object({ program: z.uuid('not a program id') }) },
  responses: {
    200: { description: 'The methods', content: { 'application/json': { schema: programMethodsAnswer } } },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerGetProgramMethods(app: ApiApp) {
  app.openapi(getProgramMethods, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db } = c.get('services')
    const program = await programOf(db, me, c.req.valid('query').program, { admin: true })
    return c.json(await programMethodsJson(db, program.id), 200)
  })
}
