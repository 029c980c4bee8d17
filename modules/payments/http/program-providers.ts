import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { programOfOwner } from '../../platform/access.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { saveProviderAccount } from '../commands/save-provider-account.ts'
import { programOwner } from '../programs.ts'
import { maskedAccounts, providerAccountFields, providerKeysFields } from './provider-keys.ts'

/**
 * A program's provider keys (`manager/program-providers`): the program owner saves test or live
 * keys for a provider; they are checked with the provider and sealed. Answers never show a key,
 * only its last four characters, and the webhook URL to configure at the provider.
 */
const account = z.object({ ...providerAccountFields, program: z.uuid() }).openapi('ProgramProviderAccount')

const body = z.object({ program: z.uuid('must be a program uuid'), ...providerKeysFields }).strict()

export const getProgramProviders = createRoute({
  method: 'get',
  path: '/manager/program-providers',
  tags: ['manager'],
  summary: 'A program’s provider accounts (keys masked)',
  description:
    'For the program’s owner and admins; another owner’s program, or one that does not exist: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: z.object({ program: z.uuid('must be a program uuid') }) },
  responses: {
    200: {
      description: 'Accounts',
      content: { 'application/json': { schema: z.object({ results: z.array(account) }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export const postProgramProvider = createRoute({
  method: 'post',
  path: '/manager/program-providers',
  tags: ['manager'],
  summary: 'Save a program’s provider keys (checked with the provider, sealed at rest)',
  description:
    'Refused keys answer 422 `ccv_pay_key_not_valid` with the field; an unreachable provider 503. The newest account of a provider is the one the program’s payments use. Another owner’s program, or one that does not exist: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    201: { description: 'Saved', content: { 'application/json': { schema: account } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerProgramProviderRoutes(app: ApiApp) {
  app.openapi(getProgramProviders, async (c) => {
    const user = requireUser(c, 'owner', 'admin')
    const { program } = c.req.valid('query')
    const services = c.get('services')
    const owner = await programOwner(services.db, program)
    programOfOwner(user, owner === undefined ? undefined : { owner_user_id: owner }, { admin: true })
    const rows = await services.db
      .selectFrom('payment_accounts')
      .select('id')
      .where('program_uuid', '=', program)
      .orderBy('created_at', 'desc')
      .execute()
    const accounts = await maskedAccounts(
      services,
      services.db,
      rows.map((r) => r.id),
    )
    return c.json({ results: accounts.map((a) => ({ ...a.json, program })) }, 200)
  })

  app.openapi(postProgramProvider, async (c) => {
    const user = requireUser(c, 'owner')
    const input = c.req.valid('json')
    const services = c.get('services')
    const owner = await programOwner(services.db, input.program)
    programOfOwner(user, owner === undefined ? undefined : { owner_user_id: owner })
    const id = await saveProviderAccount(services, {
      owner_user_id: user.user_id,
      program_uuid: input.program,
      provider: input.provider,
      credentials: { mode: input.mode, api_key: input.api_key, webhook_secret: input.webhook_secret },
    })
    const [saved] = await maskedAccounts(services, services.db, [id])
    return c.json({ ...saved!.json, program: input.program }, 201)
  })
}
