import {
  bearerSecurity,
  inviteCardholder,
  requireUser,
  searchCardholders,
  signedIn,
  userContactById,
} from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import { localeSchema } from '../../platform/locales.ts'
import type { ApiApp } from '../../platform/module.ts'
import { requestContext, resultOf } from './schemas.ts'

const choiceSchema = z
  .object({ uuid: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable() })
  .openapi('CardholderChoice')

export const getCardholderAutocomplete = createRoute({
  method: 'get',
  path: '/user/cardholders/autocomplete',
  tags: ['user'],
  summary: 'Find a card holder to bill',
  description:
    'Spec `user cardholders/autocomplete`: active card holders whose name, e-mail or phone contains `search` (any case; at least 2 characters), at most 10, for a program owner issuing a bill. Only name, e-mail and phone.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { query: z.object({ search: z.string().trim().min(2).max(100) }) },
  responses: {
    200: {
      description: 'Matching card holders',
      content: { 'application/json': { schema: z.object({ results: z.array(choiceSchema) }) } },
    },
    ...errorResponses(400, 401, 403),
  },
})

const createBody = z
  .object({
    email: z.email('not an e-mail address').max(320),
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    phone_code: z
      .string()
      .regex(/^\+?\d{1,4}$/, 'a country calling code such as +31')
      .optional(),
    phone: z
      .string()
      .regex(/^\d{4,15}$/, 'digits only')
      .optional(),
    language: localeSchema.optional().openapi({ description: 'The holder’s language (default the owner’s)' }),
  })
  .strict()
  .openapi('CardholderCreate')

export const postCardholderCreate = createRoute({
  method: 'post',
  path: '/user/cardholders/create',
  tags: ['user'],
  summary: 'Create a card holder to bill',
  description:
    'Spec `user cardholders/create`: makes a card holder account and e-mails them an invitation to choose a password (valid 7 days). An address already registered: 409 `email_already_registered` (find them with autocomplete).',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: createBody } } } },
  responses: {
    201: {
      description: 'The card holder',
      content: { 'application/json': { schema: resultOf(choiceSchema) } },
    },
    ...errorResponses(400, 401, 403, 409),
  },
})

export function registerCardholderRoutes(app: ApiApp) {
  app.openapi(getCardholderAutocomplete, async (c) => {
    requireUser(c, 'owner')
    const found = await searchCardholders(c.get('services').db, c.req.valid('query').search, 10)
    return c.json({ results: found.map(({ id, ...rest }) => ({ uuid: id, ...rest })) }, 200)
  })

  app.openapi(postCardholderCreate, async (c) => {
    const me = requireUser(c, 'owner')
    const body = c.req.valid('json')
    const { db } = c.get('services')
    const inviter = await userContactById(db, me.user_id)
    const user = await inviteCardholder(db, requestContext(c), {
      ...body,
      language: body.language ?? inviter?.language ?? 'nl',
      inviter: inviter?.name || inviter?.email || 'Cardpay',
    })
    const phone = body.phone ? `${body.phone_code ?? ''}${body.phone}` : null
    return c.json(
      {
        result: {
          uuid: user.id,
          name: `${user.first_name} ${user.last_name}`.trim(),
          email: user.email,
          phone,
        },
      },
      201,
    )
  })
}
