import { bearerSecurity, requireUser, signedIn, userContactById } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp, Services } from '../../platform/module.ts'
import { savePlatformAccount } from '../commands/save-provider-account.ts'
import { type ProviderId, providerIds } from '../providers/provider.ts'
import { maskedAccounts, providerAccountFields, providerKeysFields } from './provider-keys.ts'

/**
 * The platform's own provider account (`payment/platform-provider`, admins): the account that
 * takes payments belonging to no program (card orders paid to the platform, an owner's payment
 * links). An admin saves its keys like a program owner saves a program's; the newest is current,
 * the ones it replaced stay for the payments already taken on them.
 */
const account = z
  .object({
    ...providerAccountFields,
    updated: z.iso.datetime(),
    replaced: z.iso.datetime().nullable().openapi({ description: 'When a newer account took over' }),
    saved_by: z
      .object({ uuid: z.uuid(), name: z.string(), email: z.string() })
      .nullable()
      .openapi({ description: 'The admin who saved the keys' }),
  })
  .openapi('PlatformProviderAccount')

const answer = z
  .object({
    result: z
      .union([account, z.null()])
      .openapi({ description: 'The current account; null when none is saved' }),
    previous: z
      .array(account)
      .openapi({ description: 'Accounts it replaced, newest first: still used by payments taken on them' }),
    providers: z.array(z.enum(providerIds)).openapi({ description: 'Providers an admin may save here' }),
    fallback: z.enum(['sandbox']).nullable().openapi({
      description:
        'What payments outside programs use while no account is saved: the built-in sandbox outside production; null in production, where they are refused (422 `platform_provider_missing`)',
    }),
  })
  .openapi('PlatformProvider')

const body = z.object(providerKeysFields).strict()

/** How many replaced accounts the answer lists. */
const previousShown = 20

export const getPlatformProvider = createRoute({
  method: 'get',
  path: '/payment/platform-provider',
  tags: ['payment'],
  summary: 'The platform’s payment provider account (keys masked)',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  responses: {
    200: { description: 'The platform’s account', content: { 'application/json': { schema: answer } } },
    ...errorResponses(401, 403),
  },
})

export const postPlatformProvider = createRoute({
  method: 'post',
  path: '/payment/platform-provider',
  tags: ['payment'],
  summary: 'Save the platform’s provider keys (checked with the provider, sealed at rest)',
  description:
    'Payments that belong to no program (card orders, payment links outside programs) are taken on this account from now on; the account it replaces keeps serving the payments already taken on it. Refused keys answer 422 `ccv_pay_key_not_valid` with the field; the sandbox in production 422 `sandbox_not_in_production`; an unreachable provider 503.',
  security: bearerSecurity,
  middleware: [signedIn('admin')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    201: {
      description: 'Saved: the platform’s current account',
      content: { 'application/json': { schema: answer } },
    },
    ...errorResponses(400, 401, 403, 422),
  },
})

export function registerPlatformProviderRoutes(app: ApiApp) {
  app.openapi(getPlatformProvider, async (c) => {
    requireUser(c, 'admin')
    return c.json(await platformProvider(c.get('services')), 200)
  })

  app.openapi(postPlatformProvider, async (c) => {
    const user = requireUser(c, 'admin')
    const input = c.req.valid('json')
    const services = c.get('services')
    const id = await savePlatformAccount(services, {
      saved_by: user.user_id,
      provider: input.provider,
      credentials: { mode: input.mode, api_key: input.api_key, webhook_secret: input.webhook_secret },
    })
    c.get('log').info(
      { payment_account_id: id, provider: input.provider, mode: input.mode },
      'platform provider account saved',
    )
    return c.json(await platformProvider(services), 201)
  })
}

async function platformProvider(services: Services) {
  const rows = await services.db
    .selectFrom('payment_accounts')
    .select('id')
    .where('is_platform', '=', true)
    .orderBy('replaced_at', (ob) => ob.desc().nullsFirst())
    .orderBy('created_at', 'desc')
    .limit(previousShown + 1)
    .execute()
  const accounts = await maskedAccounts(
    services,
    services.db,
    rows.map((r) => r.id),
  )
  const savers = new Map<string, { uuid: string; name: string; email: string }>()
  for (const id of new Set(accounts.flatMap((a) => (a.row.saved_by ? [a.row.saved_by] : [])))) {
    const contact = await userContactById(services.db, id)
    if (contact) savers.set(id, { uuid: contact.id, name: contact.name, email: contact.email })
  }
  const json = accounts.map(({ json, row }) => ({
    ...json,
    updated: row.updated_at.toISOString(),
    replaced: row.replaced_at?.toISOString() ?? null,
    saved_by: (row.saved_by && savers.get(row.saved_by)) || null,
  }))
  const production = services.config.NODE_ENV === 'production'
  const current = json[0] && json[0].replaced === null ? json[0] : null
  return {
    result: current,
    previous: json.filter((a) => a.replaced !== null).slice(0, previousShown),
    providers: providerIds.filter((p): p is ProviderId => p !== 'sandbox' || !production),
    fallback: production ? null : ('sandbox' as const),
  }
}
