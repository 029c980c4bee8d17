import type { Redis } from 'ioredis'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { consume, type RateLimit } from '../../platform/rate-limit.ts'
import { findProgram, programStatuses } from '../../programs/index.ts'
import { type CardRow, findCardByToken, lockCardByToken, updateCard } from '../db/cards.ts'
import { findOrder } from '../db/orders.ts'
import { cardAlreadyActivated, cardBlocked, cardExpired, programBlocked } from '../errors.ts'
import { cardActivated } from '../events.ts'
import { expiryOnActivation, type ValiditySnapshot } from '../validity.ts'

/**
 * Tries with a token that is not one of the caller's own cards, per card holder: looking a card up
 * and activating it count alike, so tokens cannot be guessed by looking (80 random bits make that
 * hopeless anyway; this keeps it so).
 */
export const tokenTries: RateLimit = { name: 'card:token', limit: 10, windowSeconds: 60 }

export interface TokenServices {
  db: Db
  redis: Redis
  config: { REDIS_PREFIX: string }
}

/**
 * A card by its token for a card holder: their own card at once; anyone else's counts as a try
 * (429 past the limit), and is unknown (404) or held by someone else (409 `card_already_activated`).
 */
export async function cardForHolder(
  services: TokenServices,
  holderUserId: string,
  token: string,
): Promise<CardRow> {
  const card = await findCardByToken(services.db, token)
  if (card && card.holder_user_id === holderUserId) return card
  await consume(services.redis, services.config.REDIS_PREFIX, tokenTries, holderUserId)
  if (!card) throw notFound('card')
  if (card.holder_user_id !== null) throw cardAlreadyActivated()
  return card
}

/**
 * A card holder activates a card by its token: it becomes theirs and active, and its expiry is
 * fixed (counted from now for cards valid for a period after activation). Activating one's own
 * card again answers it unchanged. A card of a blocked program, a blocked card or an expired one
 * cannot be activated (422).
 */
export async function activateCard(
  services: TokenServices,
  ctx: RequestContext,
  holderUserId: string,
  token: string,
): Promise<{ card: CardRow; activated: boolean }> {
  const seen = await cardForHolder(services, holderUserId, token)
  if (seen.holder_user_id === holderUserId) return { card: seen, activated: false }
  const result = await services.db.transaction().execute(async (trx) => {
    const card = await lockCardByToken(trx, token)
    if (!card) throw notFound('card')
    if (card.holder_user_id === holderUserId) return { card, activated: false }
    if (card.holder_user_id !== null) throw cardAlreadyActivated()
    if (card.status === 'blocked') throw cardBlocked()
    const program = await findProgram(trx, card.program_id)
    if (!program || program.status === programStatuses.blocked) throw programBlocked()
    const now = new Date()
    if (card.expires_at && card.expires_at.getTime() <= now.getTime()) throw cardExpired()
    const order = await findOrder(trx, card.order_id)
    const validity = order?.validity as unknown as ValiditySnapshot
    const activated = await updateCard(trx, card.id, {
      status: 'active',
      holder_user_id: holderUserId,
      activated_at: now,
      expires_at: validity ? expiryOnActivation(validity, now, card.expires_at) : card.expires_at,
    })
    await publish(
      trx,
      cardActivated,
      { card_id: card.id, program_id: card.program_id, holder_user_id: holderUserId },
      ctx,
    )
    return { card: activated, activated: true }
  })
  if (result.activated) {
    ctx.log.info({ card_id: result.card.id, program_id: result.card.program_id }, 'card activated')
  }
  return result
}
