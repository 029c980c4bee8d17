import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { holds } from '../../platform/access.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { activateCard, cardForHolder } from '../commands/activate-card.ts'
import { heldCards } from '../db/cards.ts'
import { redemptionsOfCard } from '../db/redemptions.ts'
import { heldCardWithHistorySchema, toHolderRedemptionsJson } from './redemption-schemas.ts'
import {
  callerLanguage,
  heldCardSchema,
  langQuery,
  requestContext,
  resultOf,
  resultsOf,
  toHeldCardsJson,
  tokenInput,
} from './schemas.ts'

export const getActiveCards = createRoute({
  method: 'get',
  path: '/card/active',
  tags: ['card'],
  summary: 'The card holder’s activated cards',
  description: 'Newest activation first. Card holders only.',
  security: bearerSecurity,
  middleware: [signedIn('holder')] as const,
  request: { query: langQuery },
  responses: {
    200: {
      description: 'Their cards',
      content: { 'application/json': { schema: resultsOf(heldCardSchema) } },
    },
    ...errorResponses(400, 401, 403),
  },
})

export const getActiveCard = createRoute({
  method: 'get',
  path: '/card/active/{token}',
  tags: ['card'],
  summary: 'A card by its token',
  description:
    'The card holder’s own card with its redemptions (where it was spent, newest first), or a card not activated yet (status `issued`: what activating it would give; no redemptions). Unknown: 404; activated by someone else: 409 `card_already_activated`. Looking up a token that is not one’s own card counts as an activation try (10 a minute, then 429 with Retry-After).',
  security: bearerSecurity,
  middleware: [signedIn('holder')] as const,
  request: {
    params: z.object({ token: tokenInput.openapi({ param: { name: 'token', in: 'path' } }) }),
    query: langQuery,
  },
  responses: {
    200: {
      description: 'The card, with where it was spent',
      content: { 'application/json': { schema: resultOf(heldCardWithHistorySchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
})

const body = z.object({ token: tokenInput }).strict().openapi('CardActivation')

export const postActiveCard = createRoute({
  method: 'post',
  path: '/card/active',
  tags: ['card'],
  summary: 'Activate a card by its token',
  description:
    'The card becomes the card holder’s (any case; dashes and spaces optional). Again by the same holder: 200 with the card unchanged. Unknown: 404; someone else’s: 409 `card_already_activated`; blocked or expired card, blocked program: 422. 10 tries a minute per card holder, then 429.',
  security: bearerSecurity,
  middleware: [signedIn('holder')] as const,
  request: { query: langQuery, body: { required: true, content: { 'application/json': { schema: body } } } },
  responses: {
    200: {
      description: 'The activated card',
      content: { 'application/json': { schema: resultOf(heldCardSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422, 429),
  },
})

export function registerActiveCardRoutes(app: ApiApp) {
  app.openapi(getActiveCards, async (c) => {
    const me = requireUser(c, 'holder')
    const { db } = c.get('services')
    const language = callerLanguage(c, c.req.valid('query').lang)
    return c.json({ results: await toHeldCardsJson(db, await heldCards(db, me.user_id), language) }, 200)
  })

  app.openapi(getActiveCard, async (c) => {
    const me = requireUser(c, 'holder')
    const services = c.get('services')
    const card = await cardForHolder(services, me.user_id, c.req.valid('param').token)
    const language = callerLanguage(c, c.req.valid('query').lang)
    const [result] = await toHeldCardsJson(services.db, [card], language)
    const redemptions = holds(me, card)
      ? await toHolderRedemptionsJson(services.db, await redemptionsOfCard(services.db, card.id))
      : []
    return c.json({ result: { ...result!, redemptions } }, 200)
  })

  app.openapi(postActiveCard, async (c) => {
    const me = requireUser(c, 'holder')
    const services = c.get('services')
    const { card } = await activateCard(services, requestContext(c), me.user_id, c.req.valid('json').token)
    const language = callerLanguage(c, c.req.valid('query').lang)
    const [result] = await toHeldCardsJson(services.db, [card], language)
    return c.json({ result: result! }, 200)
  })
}
