import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { isAcceptor, isOwner } from '../../platform/access.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import { idempotency } from '../../platform/idempotency.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import { cashpointInFilter, programInFilter } from '../../programs/index.ts'
import { previewCard, redeemCard, reverseRedemption } from '../commands/redeem-card.ts'
import { listRedemptionRows } from '../db/redemptions.ts'
import {
  cardPreviewSchema,
  redemptionSchema,
  toCardPreviewJson,
  toRedemptionsJson,
} from './redemption-schemas.ts'
import { callerLanguage, langQuery, requestContext, resultOf, tokenInput, uuidParam } from './schemas.ts'

const cashpointInput = z.uuid('not a cashpoint id')

const who =
  'An acceptor at one of their own open cashpoints (another acceptor’s: 404) in an active card program they take part in (403 `not_program_acceptor` once they no longer do; 422 `cashpoint_inactive`, `program_not_active`, `not_card_program`). Program owners, card holders and admins: 403; no token: 401. A token of a card of another program: 404, as an unknown one.'

export const getRedemptionPreview = createRoute({
  method: 'get',
  path: '/card/redemptions/preview',
  tags: ['card'],
  summary: 'A card as the acceptor sees it before taking it',
  description: [
    'Balance, uses, end and state of a card of the cashpoint’s program, and who holds it. Any state is answered (only `active` can be taken). 30 lookups a minute per acceptor (a redemption with a token that is no card of the program counts too), then 429 with Retry-After.',
    who,
  ].join('\n\n'),
  security: bearerSecurity,
  middleware: [signedIn('acceptor')] as const,
  request: {
    query: langQuery.extend({
      cashpoint: cashpointInput.openapi({ description: 'The acceptor’s cashpoint' }),
      token: tokenInput.openapi({ description: 'The card’s code as typed or scanned' }),
    }),
  },
  responses: {
    200: {
      description: 'The card',
      content: { 'application/json': { schema: resultOf(cardPreviewSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422, 429),
  },
})

const body = z
  .object({
    cashpoint: cashpointInput,
    token: tokenInput,
    amount: z
      .number({ message: 'must be a whole number of minor units (cents)' })
      .int('must be a whole number of minor units (cents)')
      .min(1, 'at least 1')
      .max(Number.MAX_SAFE_INTEGER, 'too large')
      .openapi({ description: 'Minor units, 1 up to the card’s balance', example: 1250 }),
  })
  .strict()
  .openapi('CardRedemptionInput')

export const postRedemption = createRoute({
  method: 'post',
  path: '/card/redemptions',
  tags: ['card'],
  summary: 'Take an amount from a card (spend it)',
  description: [
    'One use of an activated card (`active`): `amount` comes off its balance (400 on `amount` above it: what is left is said). The last use forfeits whatever is left on the card (`forfeited`), which is then `used`, as is a card whose balance reaches 0. Not activated yet: 422 `card_not_activated`; expired: 422 `card_expired`; blocked: 422 `card_blocked`.',
    'The card is locked while it is taken, so parallel requests never spend more than is on it. `Idempotency-Key` is required (400 without it): a retry with the same key answers the first result and spends nothing again.',
    who,
  ].join('\n\n'),
  security: bearerSecurity,
  middleware: [signedIn('acceptor'), idempotency({ required: true })] as const,
  request: {
    headers: z.object({
      'idempotency-key': z.string().openapi({
        description: 'Required: 8 to 255 letters, digits or . _ : -; a retry with the same key spends once',
      }),
    }),
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    201: {
      description: 'The redemption',
      content: { 'application/json': { schema: resultOf(redemptionSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422, 429),
  },
})

export const getRedemptions = createRoute({
  method: 'get',
  path: '/card/redemptions',
  tags: ['card'],
  summary: 'Card redemptions, newest first',
  description:
    'An acceptor: those they took; a program owner: those in their programs; an admin: all. Filter by cashpoint and program: one the caller may not see (another acceptor’s cashpoint, another owner’s program, a program the acceptor never had a place in) or that does not exist is 404, as in a path. Card holders: 403 (their card’s history comes with `GET card/active/{token}`).',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'acceptor', 'admin')] as const,
  request: {
    query: paginationQuery({ defaultSize: 20, maxSize: 100 }).extend({
      cashpoint: cashpointInput.optional(),
      program: z.uuid('not a program id').optional(),
    }),
  },
  responses: {
    200: {
      description: 'One page',
      content: { 'application/json': { schema: pageSchema(redemptionSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export const postRedemptionReverse = createRoute({
  method: 'post',
  path: '/card/redemptions/{uuid}/reverse',
  tags: ['card'],
  summary: 'Reverse a redemption',
  description:
    'The acceptor who took it, once, within 24 hours: the amount and the use go back on the card, which can be spent again, with the opposite ledger entry. Not when it forfeited what was left on the card, nor on an expired or blocked card, nor after 24 hours: 422 with the reason `reversal_forfeited`, `reversal_card_expired`, `reversal_card_blocked` or `reversal_too_late` (the program owner corrects those). Reversed already: 409 `redemption_reversed`. Another acceptor’s: 404; program owners, card holders and admins: 403. `Idempotency-Key` welcome.',
  security: bearerSecurity,
  middleware: [signedIn('acceptor'), idempotency()] as const,
  request: { params: uuidParam('redemption') },
  responses: {
    200: {
      description: 'The redemption, reversed',
      content: { 'application/json': { schema: resultOf(redemptionSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
})

export function registerRedemptionRoutes(app: ApiApp) {
  app.openapi(getRedemptionPreview, async (c) => {
    const me = requireUser(c, 'acceptor')
    const services = c.get('services')
    const { cashpoint, token, lang } = c.req.valid('query')
    const { card } = await previewCard(services, me, { cashpoint, token })
    const language = callerLanguage(c, lang)
    return c.json({ result: await toCardPreviewJson(services.db, card, language) }, 200)
  })

  app.openapi(postRedemption, async (c) => {
    const me = requireUser(c, 'acceptor')
    const services = c.get('services')
    const input = c.req.valid('json')
    const row = await redeemCard(services, requestContext(c), me, { ...input, amount: BigInt(input.amount) })
    const [result] = await toRedemptionsJson(services.db, me, [row])
    return c.json({ result: result! }, 201)
  })

  app.openapi(getRedemptions, async (c) => {
    const me = requireUser(c, 'owner', 'acceptor', 'admin')
    const { db } = c.get('services')
    const q = c.req.valid('query')
    if (q.cashpoint) await cashpointInFilter(db, me, q.cashpoint)
    if (q.program) await programInFilter(db, me, q.program)
    const { count, rows } = await listRedemptionRows(
      db,
      {
        cashpointId: q.cashpoint,
        programId: q.program,
        acceptorUserId: isAcceptor(me) ? me.user_id : undefined,
        ownerUserId: isOwner(me) ? me.user_id : undefined,
      },
      q,
    )
    return c.json(toPage(c.req.url, q, count, await toRedemptionsJson(db, me, rows)), 200)
  })

  app.openapi(postRedemptionReverse, async (c) => {
    const me = requireUser(c, 'acceptor')
    const services = c.get('services')
    const row = await reverseRedemption(services, requestContext(c), me, c.req.valid('param').uuid)
    const [result] = await toRedemptionsJson(services.db, me, [row])
    return c.json({ result: result! }, 200)
  })
}
