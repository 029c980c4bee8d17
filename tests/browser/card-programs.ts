import type { Browser, Page } from '@playwright/test'
import { cardTokenPattern, seedIssuedCards, seedProgram } from '../support/factories.ts'
import { callerOf } from './seeding.ts'
import { type SeededUser, seedUser, signedInPage } from './users-seed.ts'

/** Card tokens as printed: four groups of four, without 0, O, 1 and I. */
export const tokenPattern = cardTokenPattern

/** Card types of the API: a voucher has a fixed value, a gift card may be loaded later. */
export const cardTypes = { voucher: 101, gift: 201 } as const

/** The card's settings as `PATCH /manager/cards/{uuid}` takes them. */
export interface CardSettings {
  title: string
  description?: string
  values: { value: number; use_number: number | null }[]
  validity: { mode: string; expiry_type?: number; expiry_value?: number }
}

/** A card's validity: one year from the day its holder activates it. */
export const aYearAfterActivation = { mode: 'after_activation', expiry_type: 31, expiry_value: 1 }

/**
 * An active card program made through the API by the signed-in owner: the draft, its card type,
 * the card's settings, then activation (the shared factory `seedProgram`). Answers the program's
 * and the card's uuids.
 */
export async function activeCardProgram(
  ownerPage: Page,
  { title, type, card }: { title: string; type: keyof typeof cardTypes; card: CardSettings },
): Promise<{ program: string; card: string }> {
  const program = await seedProgram(callerOf(ownerPage), 'card', {
    title,
    card: { ...card, type: cardTypes[type] },
  })
  return { program: program.uuid, card: program.card as string }
}

/**
 * A program owner (a company of the given name) signed in on the program-owner portal, with an
 * active card program made as `activeCardProgram` makes it.
 */
export async function ownerWithCardProgram(
  browser: Browser,
  { company, ...program }: { company: string } & Parameters<typeof activeCardProgram>[1],
): Promise<{ owner: SeededUser; ownerPage: Page; program: string; card: string }> {
  const owner = await seedUser('programs', { legal_type: 1, company_name: company })
  const ownerPage = await signedInPage(browser, 'programs', owner)
  return { owner, ownerPage, ...(await activeCardProgram(ownerPage, program)) }
}

/** An order of cards (a batch), as `/card/batches` lists it. */
export interface CardOrder {
  uuid: string
  number: number
  amount: number
  status: string
  cards_issued: number
}

/**
 * Cards of an active card program, ordered and paid by the owner with the sandbox card; once the
 * worker has issued them all, their tokens are read from the order's CSV (the shared factory
 * `seedIssuedCards`). Answers the order and the tokens in the CSV's order.
 */
export async function paidIssuedCards(
  ownerPage: Page,
  program: string,
  quantity: number,
): Promise<{ order: CardOrder; tokens: string[] }> {
  return seedIssuedCards<CardOrder>(callerOf(ownerPage), program, quantity)
}
