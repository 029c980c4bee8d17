import { type Browser, expect, type Page } from '@playwright/test'
import { apiCall, ok, payWithSandboxCard } from './api.ts'
import { activeStatus } from './programs.ts'
import { type SeededUser, seedUser, signedInPage } from './users-seed.ts'

/** Card tokens as printed: four groups of four, without 0, O, 1 and I. */
export const tokenPattern = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/

/** Card types of the API: a voucher has a fixed value, a gift card may be loaded later. */
export const cardTypes = { voucher: 101, gift: 201 } as const

/** The card's settings as `PATCH /manager/cards/{uuid}` takes them. */
export interface CardSettings {
  title: string
  description?: string
  values: { value: number; use_number: number }[]
  validity: { mode: string; expiry_type?: number; expiry_value?: number }
}

/** A card's validity: one year from the day its holder activates it. */
export const aYearAfterActivation = { mode: 'after_activation', expiry_type: 31, expiry_value: 1 }

/**
 * An active card program made through the API by the signed-in owner: the draft, its card type,
 * the card's settings, then activation. Answers the program's and the card's uuids.
 */
export async function activeCardProgram(
  ownerPage: Page,
  { title, type, card }: { title: string; type: keyof typeof cardTypes; card: CardSettings },
): Promise<{ program: string; card: string }> {
  const program = ok(
    await apiCall<{ result: { uuid: string } }>(ownerPage, 'POST', '/manager/programs', {
      type: 1001,
      title,
    }),
    201,
    'create the card program',
  ).result.uuid
  const cardUuid = ok(
    await apiCall<{ result: { uuid: string } }>(ownerPage, 'POST', '/manager/cards', {
      program,
      type: cardTypes[type],
    }),
    201,
    'choose the card type',
  ).result.uuid
  ok(await apiCall(ownerPage, 'PATCH', `/manager/cards/${cardUuid}`, card), 200, 'card settings')
  ok(
    await apiCall(ownerPage, 'PATCH', `/manager/programs/${program}`, { status: activeStatus }),
    200,
    'activate the program',
  )
  return { program, card: cardUuid }
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
 * worker has issued them all, their tokens are read from the order's CSV. Answers the order and the
 * tokens in the CSV's order.
 */
export async function paidIssuedCards(
  ownerPage: Page,
  program: string,
  quantity: number,
): Promise<{ order: CardOrder; tokens: string[] }> {
  const order = ok(
    await apiCall<{ result: CardOrder }>(ownerPage, 'POST', '/payment/order', {
      program_uuid: program,
      quantity,
    }),
    200,
    `order ${quantity} cards`,
  ).result
  await payWithSandboxCard(ownerPage, order.uuid)

  // Payment, outbox and issuing run through the worker: allow them some seconds.
  await expect
    .poll(
      async () => {
        const batches = await apiCall<{ results: CardOrder[] }>(
          ownerPage,
          'GET',
          `/card/batches?program=${program}`,
        )
        return batches.body.results?.find((b) => b.uuid === order.uuid)?.cards_issued ?? 0
      },
      { timeout: 30_000 },
    )
    .toBe(quantity)
  const csv = ok(
    await apiCall<string>(ownerPage, 'GET', `/card/batches/${order.uuid}/cards.csv`),
    200,
    'the cards as CSV',
  )
  const tokens = csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => (line.split(',')[0] ?? '').replace(/"/g, ''))
  expect(tokens).toHaveLength(quantity)
  for (const token of tokens) expect(token).toMatch(tokenPattern)
  return { order, tokens }
}
