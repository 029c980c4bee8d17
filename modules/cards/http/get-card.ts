import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { cardProgramOf } from '../access.ts'
import { hasPaidOrder } from '../db/orders.ts'
import { findCardOfProgram } from '../db/program-cards.ts'
import {
  callerLanguage,
  cardSchema,
  langQuery,
  programQuery,
  resultOf,
  resultsOf,
  toCardJson,
  valueSchema,
} from './schemas.ts'

export const getCard = createRoute({
  method: 'get',
  path: '/manager/cards',
  tags: ['manager'],
  summary: 'The card of a card program',
  description:
    '`result` is null until a card type is chosen. The owner’s own programs (another owner’s: 404) and any for admins; a program of another type: 422 `not_card_program`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: programQuery.extend(langQuery.shape) },
  responses: {
    200: {
      description: 'The card, or null',
      content: { 'application/json': { schema: resultOf(z.union([cardSchema, z.null()])) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getCardValues = createRoute({
  method: 'get',
  path: '/manager/card-values',
  tags: ['manager'],
  summary: 'The value of a program’s card',
  description:
    'The card’s one `{value, currency, use_number}` (minor units; use_number 1 once, more that many uses, null unlimited); empty while not set. Same access as GET manager/cards.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: programQuery },
  responses: {
    200: { description: 'The values', content: { 'application/json': { schema: resultsOf(valueSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerGetCard(app: ApiApp) {
  app.openapi(getCard, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db } = c.get('services')
    const query = c.req.valid('query')
    const program = await cardProgramOf(db, me, query.program, { adminMayRead: true })
    const card = await findCardOfProgram(db, program.uuid)
    const language = callerLanguage(c, query.lang)
    const result = card ? await toCardJson(db, card, language, await hasPaidOrder(db, program.uuid)) : null
    return c.json({ result }, 200)
  })

  app.openapi(getCardValues, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db } = c.get('services')
    const program = await cardProgramOf(db, me, c.req.valid('query').program, { adminMayRead: true })
    const card = await findCardOfProgram(db, program.uuid)
    const results =
      card && card.value !== null
        ? [{ value: Number(card.value), currency: card.currency, use_number: card.use_number }]
        : []
    return c.json({ results }, 200)
  })
}
