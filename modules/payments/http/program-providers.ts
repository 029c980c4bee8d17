import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { AppError } from '../../platform/errors.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { saveProviderAccount } from '../commands/save-provider-account.ts'
import { findAccount } from '../db/accounts.ts'
import { programOwner } from '../programs.ts'
import { providerIds, providerModes } from '../providers/provider.ts'
import { webhookUrlOf } from '../providers/registry.ts'

/**
 * A program's provider keys (`manager/program-providers`): the program owner saves test or live
 * keys for a provider; they are checked with the provider and sealed. Answers never show a key,
 * only its last four characters, and the webhook URL to configure at the provider.
 */
const account = z
  .object({
    uuid: z.uuid(),
    program: z.uuid(),
    provider: z.enum(providerIds),
    mode: z.enum(providerModes),
    key_hint: z.string().openapi({ example: '…a1b2' }),
    webhook_url: z.string().openapi({ description: 'Set this as the webhook endpoint at the provider' }),
    created: z.iso.datetime(),
  })
  .openapi('ProgramProviderAccount')

const body = z
  .object({
    program: z.uuid('must be a program uuid'),
    provider: z.enum(providerIds, { message: `one of ${providerIds.join(', ')}` }),
    mode: z.enum(providerModes, { message: 'test or live' }),
    api_key: z.string().trim().min(1, 'This field is required').max(500),
    webhook_secret: z.string().trim().max(500).optional(),
  })
  .strict()

export const getProgramProviders = createRoute({
  method: 'get',
  path: '/manager/program-providers',
  tags: ['manager'],
  summary: 'A program’s provider accounts (keys masked)',
  security: bearerSecurity,
  middleware: [signedIn(1, 4)] as const,
  request: { query: z.object({ program: z.uuid('must be a program uuid') }) },
  responses: {
    200: {
      description: 'Accounts',
      content: { 'application/json': { schema: z.object({ results: z.array(account) }) } },
    },
    ...errorResponses(400, 401, 403),
  },
})

export const postProgramProvider = createRoute({
  method: 'post',
  path: '/manager/program-providers',
  tags: ['manager'],
  summary: 'Save a program’s provider keys (checked with the provider, sealed at rest)',
  description:
    'Refused keys answer 422 `ccv_pay_key_not_valid` with the field; an unreachable provider 503. The newest account of a provider is the one the program’s payments use.',
  security: bearerSecurity,
  middleware: [signedIn(1)] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    201: { description: 'Saved', content: { 'application/json': { schema: account } } },
    ...errorResponses(400, 401, 403, 422),
  },
})

export function registerProgramProviderRoutes(app: ApiApp) {
  app.openapi(getProgramProviders, async (c) => {
    const user = requireUser(c, 1, 4)
    const { program } = c.req.valid('query')
    const services = c.get('services')
    const owner = await programOwner(services.db, program)
    if (!owner || (user.user_type === 1 && owner !== user.user_id))
      throw new AppError('forbidden', 'access denied')
    const rows = await services.db
      .selectFrom('payment_accounts')
      .select('id')
      .where('program_uuid', '=', program)
      .orderBy('created_at', 'desc')
      .execute()
    const results = []
    for (const { id } of rows) {
      const a = await findAccount(services.db, services.config, id)
      if (a) results.push(await toJson(services, a))
    }
    return c.json({ results }, 200)
  })

  app.openapi(postProgramProvider, async (c) => {
    const user = requireUser(c, 1)
    const input = c.req.valid('json')
    const services = c.get('services')
    if ((await programOwner(services.db, input.program)) !== user.user_id)
      throw new AppError('forbidden', 'access denied')
    const id = await saveProviderAccount(services, {
      owner_user_id: user.user_id,
      program_uuid: input.program,
      provider: input.provider,
      credentials: { mode: input.mode, api_key: input.api_key, webhook_secret: input.webhook_secret },
    })
    const saved = await findAccount(services.db, services.config, id)
    return c.json(await toJson(services, saved as NonNullable<typeof saved>), 201)
  })
}

async function toJson(
  services: Parameters<typeof webhookUrlOf>[0],
  a: NonNullable<Awaited<ReturnType<typeof findAccount>>>,
) {
  const row = await services.db
    .selectFrom('payment_accounts')
    .select('created_at')
    .where('id', '=', a.id)
    .executeTakeFirstOrThrow()
  return {
    uuid: a.id,
    program: a.program_uuid as string,
    provider: a.provider,
    mode: a.mode,
    key_hint: `…${a.credentials.api_key.slice(-4)}`,
    webhook_url: webhookUrlOf(services, a),
    created: row.created_at.toISOString(),
  }
}
