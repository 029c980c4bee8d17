import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { chooseCardType } from '../commands/card-settings.ts'
import {
  callerLanguage,
  cardSchema,
  cardTypeId,
  langQuery,
  requestContext,
  resultOf,
  toCardJson,
} from './schemas.ts'

const body = z
  .object({
    program: z.uuid('not a program id'),
    type: cardTypeId,
  })
  .strict()
  .openapi('CardTypeChoice')

export const postCard = createRoute({
  method: 'post',
  path: '/manager/cards',
  tags: ['manager'],
  summary: 'Choose the card type of a draft card program',
  description: [
    'Step 1 of a card program (spec section 4): the program moves from draftStep1 to draftStep2. Choosing another type deletes the existing card first and starts a new one (a draftStep3 program goes back to draftStep2); the same type again keeps the card as it is (200).',
    'The owner only; another owner’s program: 404. Only drafts: 409 `program_not_draft`. A program of another type: 422 `not_card_program`.',
  ].join('\n\n'),
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    query: langQuery,
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    201: { description: 'A new card', content: { 'application/json': { schema: resultOf(cardSchema) } } },
    200: {
      description: 'The type was already chosen',
      content: { 'application/json': { schema: resultOf(cardSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export function registerPostCard(app: ApiApp) {
  app.openapi(postCard, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const { card, created } = await chooseCardType(db, requestContext(c), me, c.req.valid('json'))
    const result = await toCardJson(db, card, callerLanguage(c, c.req.valid('query').lang), false)
    return created ? c.json({ result }, 201) : c.json({ result }, 200)
  })
}
