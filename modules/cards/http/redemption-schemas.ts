import { displayNames } from '../../identity/index.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { z } from '../../platform/http.ts'
import { findCashpoint, findProgram, programStatuses } from '../../programs/index.ts'
import type { Caller } from '../access.ts'
import { heldCardStatuses, orientations, redemptionStatuses } from '../codes.ts'
import { type CardRow, cardsByIds } from '../db/cards.ts'
import { findCardOfProgram } from '../db/program-cards.ts'
import type { RedemptionRow } from '../db/redemptions.ts'
import { cardState, whyNotReversible } from '../redemption.ts'
import { heldCardSchema, toHeldCardsJson, typeBrief } from './schemas.ts'

const minor = (what: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${what}, minor units` })

export const cardPreviewSchema = z
  .object({
    token: z.string().openapi({ example: 'K7QM-2XRT-9HWC-4NPA' }),
    card: z.object({
      title: z.string(),
      type: typeBrief,
      image_url: z.string().nullable(),
      orientation: z.enum(orientations),
      program: z.object({ uuid: z.uuid(), title: z.string() }),
    }),
    value: minor('Face value'),
    balance: minor('What is left to spend'),
    currency: z.string(),
    use_number: z.number().int().nullable().openapi({ description: 'Uses in all; null: unlimited' }),
    uses_left: z.number().int().nullable(),
    expires_at: z.iso.datetime().nullable(),
    status: z.enum(heldCardStatuses).openapi({
      description:
        'Only `active` can be taken; `issued`: the holder has not activated it yet; `used`: nothing left',
    }),
    holder_name: z.string().nullable().openapi({ description: 'Who activated it (null: nobody yet)' }),
  })
  .openapi('CardPreview')

export type CardPreviewJson = z.infer<typeof cardPreviewSchema>

/** A card as an acceptor sees it before taking it. */
export async function toCardPreviewJson(
  db: DbOrTrx,
  card: CardRow,
  language: string,
): Promise<CardPreviewJson> {
  const [held] = await toHeldCardsJson(db, [card], language)
  const h = held!
  const names = await displayNames(db, card.holder_user_id ? [card.holder_user_id] : [])
  return {
    token: card.token,
    card: {
      title: h.card.title,
      type: h.card.type,
      image_url: h.card.image_url,
      orientation: h.card.orientation,
      program: h.program,
    },
    value: h.value,
    balance: h.balance,
    currency: h.currency,
    use_number: h.use_number,
    uses_left: h.uses_left,
    expires_at: h.expires_at,
    status: h.status,
    holder_name: card.holder_user_id ? (names.get(card.holder_user_id) ?? '') : null,
  }
}

export const redemptionSchema = z
  .object({
    uuid: z.uuid(),
    number: z.number().int().openapi({ description: 'Shown on receipts and lists' }),
    created: z.iso.datetime(),
    program: z.object({ uuid: z.uuid(), title: z.string() }),
    cashpoint: z.object({ uuid: z.uuid(), title: z.string() }),
    acceptor: z.object({ uuid: z.uuid(), name: z.string() }),
    card: z.object({
      uuid: z.uuid(),
      token_last4: z.string().openapi({ example: '4NPA' }),
      title: z.string(),
    }),
    amount: minor('Taken by the acceptor'),
    forfeited: minor('Left on the card when this took its last use (the program’s)'),
    currency: z.string(),
    balance_after: minor('The card’s balance right after'),
    uses_left_after: z.number().int().nullable(),
    status: z.enum(redemptionStatuses),
    reversed_at: z.iso.datetime().nullable(),
    reversible: z.boolean().openapi({
      description:
        'The caller may reverse it now (the acceptor who took it, within 24 hours, nothing forfeited, the card neither expired nor blocked)',
    }),
  })
  .openapi('CardRedemption')

export type RedemptionJson = z.infer<typeof redemptionSchema>

/**
 * Redemptions as lists and receipts show them, with the titles of their programs, cards and
 * cashpoints and the acceptors' names (each read once per page).
 */
export async function toRedemptionsJson(
  db: DbOrTrx,
  me: Caller,
  rows: RedemptionRow[],
): Promise<RedemptionJson[]> {
  const programs = new Map<string, { title: string; card_title: string; blocked: boolean }>()
  for (const id of new Set(rows.map((r) => r.program_id))) {
    const program = await findProgram(db, id)
    const card = await findCardOfProgram(db, id)
    programs.set(id, {
      title: program?.title ?? '',
      card_title: card?.title ?? '',
      blocked: program?.status === programStatuses.blocked,
    })
  }
  const cashpoints = new Map<string, string>()
  for (const id of new Set(rows.map((r) => r.cashpoint_id))) {
    cashpoints.set(id, (await findCashpoint(db, id))?.title ?? '')
  }
  const cards = new Map(
    (
      await cardsByIds(
        db,
        rows.map((r) => r.card_id),
      )
    ).map((c) => [c.id, c]),
  )
  const names = await displayNames(
    db,
    rows.map((r) => r.acceptor_user_id),
  )
  const now = new Date()
  return rows.map((r) => {
    const p = programs.get(r.program_id)!
    const card = cards.get(r.card_id)!
    return {
      uuid: r.id,
      number: Number(r.number),
      created: r.created_at.toISOString(),
      program: { uuid: r.program_id, title: p.title },
      cashpoint: { uuid: r.cashpoint_id, title: cashpoints.get(r.cashpoint_id) ?? '' },
      acceptor: { uuid: r.acceptor_user_id, name: names.get(r.acceptor_user_id) ?? '' },
      card: { uuid: r.card_id, token_last4: card.token.slice(-4), title: p.card_title },
      amount: Number(r.amount),
      forfeited: Number(r.forfeited),
      currency: r.currency,
      balance_after: Number(r.balance_after),
      uses_left_after: r.uses_left_after,
      status: r.status as RedemptionJson['status'],
      reversed_at: r.reversed_at?.toISOString() ?? null,
      reversible:
        r.acceptor_user_id === me.user_id &&
        whyNotReversible(r, cardState(card, p.blocked, now), now) === null,
    }
  })
}

export const holderRedemptionSchema = z
  .object({
    uuid: z.uuid(),
    number: z.number().int(),
    created: z.iso.datetime(),
    amount: minor('Spent'),
    forfeited: minor('Left on the card when this took its last use'),
    currency: z.string(),
    status: z.enum(redemptionStatuses),
    acceptor_name: z.string(),
    cashpoint_title: z.string(),
  })
  .openapi('HeldCardRedemption')

export const heldCardWithHistorySchema = heldCardSchema
  .extend({
    redemptions: z.array(holderRedemptionSchema).openapi({
      description: 'Where the card was spent, newest first (empty for a card not activated yet)',
    }),
  })
  .openapi('HeldCardWithHistory')

export type HolderRedemptionJson = z.infer<typeof holderRedemptionSchema>

/** A card's redemptions as its holder sees them. */
export async function toHolderRedemptionsJson(
  db: DbOrTrx,
  rows: RedemptionRow[],
): Promise<HolderRedemptionJson[]> {
  const cashpoints = new Map<string, string>()
  for (const id of new Set(rows.map((r) => r.cashpoint_id))) {
    cashpoints.set(id, (await findCashpoint(db, id))?.title ?? '')
  }
  const names = await displayNames(
    db,
    rows.map((r) => r.acceptor_user_id),
  )
  return rows.map((r) => ({
    uuid: r.id,
    number: Number(r.number),
    created: r.created_at.toISOString(),
    amount: Number(r.amount),
    forfeited: Number(r.forfeited),
    currency: r.currency,
    status: r.status as HolderRedemptionJson['status'],
    acceptor_name: names.get(r.acceptor_user_id) ?? '',
    cashpoint_title: cashpoints.get(r.cashpoint_id) ?? '',
  }))
}
