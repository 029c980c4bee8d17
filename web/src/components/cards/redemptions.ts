import { keepPreviousData, queryOptions } from '@tanstack/react-query'
// Relative, so the unit test can load this file without the web app's path alias.
import { type Answer, api } from '../../lib/api.ts'
import type { Schema } from '../../lib/api-types.gen.ts'
import { formatToken } from './token.ts'

/**
 * Cards spent at acceptors (docs/cards.md, "Spending cards at acceptors"): the acceptor looks a
 * card up at a cashpoint, takes an amount from it and may undo that for a day; the program owner
 * and the card holder read what was spent.
 */

/** `GET card/redemptions/preview`: what the acceptor needs to take a card. */
export type RedemptionPreview = Schema<'CardPreview'>

export const redemptionStatuses = ['completed', 'reversed'] as const
export type RedemptionStatus = (typeof redemptionStatuses)[number]

/** A card spent at a cashpoint, as the acceptor, the program owner and the admin see it. */
export type Redemption = Schema<'CardRedemption'>

/** A card's spending as its holder sees it (`redemptions` of `GET card/active/{token}`). */
export type HeldCardRedemption = Schema<'HeldCardRedemption'>

/** How long an acceptor can undo what they took. */
export const reversalWindowMs = 24 * 60 * 60_000

/**
 * Whether the acceptor may still undo a redemption: the API said so when it answered (their own,
 * once, nothing forfeited, the card still usable), and the day it has for it has not passed since.
 */
export function canReverse(redemption: Redemption, now = Date.now()): boolean {
  return (
    redemption.reversible &&
    redemption.status === 'completed' &&
    now - Date.parse(redemption.created) < reversalWindowMs
  )
}

/** Redemptions per page on the owner's list; the cashpoint shows its latest few. */
export const spendingPageSize = 20
export const recentAtCashpointSize = 10

export const redemptionKeys = {
  all: ['cards', 'redemptions'] as const,
  preview: (cashpoint: string, token: string) =>
    [...redemptionKeys.all, 'preview', cashpoint, formatToken(token)] as const,
  lists: () => [...redemptionKeys.all, 'list'] as const,
  atCashpoint: (cashpoint: string) => [...redemptionKeys.lists(), 'cashpoint', cashpoint] as const,
  ofProgram: (program: string, page: number) =>
    [...redemptionKeys.lists(), 'program', program, page] as const,
}

/** Looks a card up at a cashpoint (counts against the acceptor's look-ups a minute). */
export const previewRedemption = async (cashpoint: string, token: string) =>
  (
    await api.get<Answer<'/card/redemptions/preview'>>('/card/redemptions/preview', {
      query: { cashpoint, token: formatToken(token) },
    })
  ).result

/** Takes `amount` (minor units) from a card at a cashpoint; the key makes a retry spend once. */
export const takeFromCard = async (
  body: { cashpoint: string; token: string; amount: number },
  idempotencyKey: string,
) =>
  (
    await api.post<Answer<'/card/redemptions', 'post', 201>>(
      '/card/redemptions',
      { ...body, token: formatToken(body.token) },
      { headers: { 'idempotency-key': idempotencyKey } },
    )
  ).result

/** Undoes a redemption: its amount and use go back onto the card; the key makes a retry undo once. */
export const reverseRedemption = async (uuid: string, idempotencyKey: string) =>
  (
    await api.post<Answer<'/card/redemptions/{uuid}/reverse', 'post'>>(
      `/card/redemptions/${encodeURIComponent(uuid)}/reverse`,
      {},
      { headers: { 'idempotency-key': idempotencyKey } },
    )
  ).result

export const cashpointRedemptionsQueryOptions = (cashpoint: string) =>
  queryOptions({
    queryKey: redemptionKeys.atCashpoint(cashpoint),
    queryFn: () =>
      api.get<Answer<'/card/redemptions'>>('/card/redemptions', {
        query: { cashpoint, size: recentAtCashpointSize },
      }),
  })

export const programRedemptionsQueryOptions = (program: string, page: number) =>
  queryOptions({
    queryKey: redemptionKeys.ofProgram(program, page),
    queryFn: () =>
      api.get<Answer<'/card/redemptions'>>('/card/redemptions', {
        query: { program, page, size: spendingPageSize },
      }),
    placeholderData: keepPreviousData,
  })
