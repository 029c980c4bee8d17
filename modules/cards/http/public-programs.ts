import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { listedObject } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, paginationQuery, toPage } from '../../platform/pagination.ts'
import {
  type ListedProgram,
  listedProgram,
  listedPrograms,
  programImage,
  programTypes,
} from '../../programs/index.ts'
import { orientations } from '../codes.ts'
import {
  cardsOfPrograms,
  findCardOfProgram,
  type ProgramCardRow,
  publicCardProgramIds,
} from '../db/program-cards.ts'
import { isComplete, validityOf } from '../model.ts'
import { cardTypeObject } from '../texts.ts'
import {
  callerLanguage,
  langQuery,
  resultOf,
  typeBrief,
  uuidParam,
  validitySchema,
  valueSchema,
} from './schemas.ts'

/**
 * Card programs listed for card holders (the card-holder portal's Programs and its program
 * information screen): active card programs whose card is not private. A private card's program
 * is known only to those given a card's code (card settings: "Not listed for card holders").
 */

const publicProgramSchema = z
  .object({
    uuid: z.uuid(),
    title: z.string(),
    description: z.string(),
    currency: z.string().openapi({ example: 'EUR' }),
    owner: z.object({
      name: z.string().openapi({ description: 'Who runs it (their company for a company)' }),
    }),
    card: z.object({
      type: typeBrief,
      title: z.string(),
      description: z.string(),
      image_url: z.string().nullable(),
      orientation: z.enum(orientations),
      value: valueSchema.openapi({
        description: 'Face value (minor units; 0: a flexible gift card) and uses',
      }),
      validity: validitySchema,
      start_date: z.string().nullable().openapi({ format: 'date' }),
      expiry_date: z.string().nullable().openapi({ format: 'date', description: 'The program’s end' }),
    }),
    acceptors: z
      .array(z.object({ name: z.string() }))
      .openapi({ description: 'The businesses taking the program’s cards now, by name' }),
    activated: z.iso.datetime().nullable(),
  })
  .openapi('PublicCardProgram')

export type PublicCardProgramJson = z.infer<typeof publicProgramSchema>

const listQuery = paginationQuery({ defaultSize: 20, maxSize: 100 })
  .extend({
    search: z.string().trim().min(1).max(100, 'at most 100 characters').optional().openapi({
      description: 'Part of the title, any case',
    }),
  })
  .extend(langQuery.shape)

export const getPublicPrograms = createRoute({
  method: 'get',
  path: '/card/programs',
  tags: ['card'],
  summary: 'Card programs open to card holders',
  description:
    'Active card programs whose card is public, by title, with their card and the businesses that take it. Card holders only.',
  security: bearerSecurity,
  middleware: [signedIn('holder')] as const,
  request: { query: listQuery },
  responses: {
    200: {
      description: 'One page',
      content: { 'application/json': { schema: pageSchema(publicProgramSchema) } },
    },
    ...errorResponses(400, 401, 403),
  },
})

export const getPublicProgram = createRoute({
  method: 'get',
  path: '/card/programs/{uuid}',
  tags: ['card'],
  summary: 'A card program’s information, for card holders',
  description:
    'One public card program as the list shows it. A private, draft, blocked or expired program, another type’s or an unknown id: 404, all alike. Card holders only.',
  security: bearerSecurity,
  middleware: [signedIn('holder')] as const,
  request: { params: uuidParam('program'), query: langQuery },
  responses: {
    200: {
      description: 'The program',
      content: { 'application/json': { schema: resultOf(publicProgramSchema) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
})

export function registerPublicProgramRoutes(app: ApiApp) {
  app.openapi(getPublicPrograms, async (c) => {
    requireUser(c, 'holder')
    const { db } = c.get('services')
    const q = c.req.valid('query')
    const language = callerLanguage(c, q.lang)
    const { count, rows } = await listedPrograms(
      db,
      { ids: await publicCardProgramIds(db), search: q.search },
      q,
    )
    const cards = await cardsOfPrograms(
      db,
      rows.map((r) => r.uuid),
    )
    const results = await Promise.all(
      rows.flatMap((program) => {
        const card = cards.get(program.uuid)
        return card ? [toPublicProgramJson(db, program, card, language)] : []
      }),
    )
    return c.json(toPage(c.req.url, q, count, results), 200)
  })

  app.openapi(getPublicProgram, async (c) => {
    requireUser(c, 'holder')
    const { db } = c.get('services')
    const uuid = c.req.valid('param').uuid
    const language = callerLanguage(c, c.req.valid('query').lang)
    const [program, card] = await Promise.all([listedProgram(db, uuid), findCardOfProgram(db, uuid)])
    const listed =
      program?.type === programTypes.card && card !== undefined && !card.is_private && isComplete(card)
    const shown = listedObject(program && card && { program, card }, listed, 'program')
    return c.json({ result: await toPublicProgramJson(db, shown.program, shown.card, language) }, 200)
  })
}

async function toPublicProgramJson(
  db: DbOrTrx,
  program: ListedProgram,
  card: ProgramCardRow,
  language: string,
): Promise<PublicCardProgramJson> {
  const image = card.image_id ? await programImage(db, card.image_id) : undefined
  const { id, code, title } = cardTypeObject(card.type, language)
  return {
    uuid: program.uuid,
    title: program.title,
    description: program.description,
    currency: program.currency,
    owner: { name: program.owner_name },
    card: {
      type: { id, code, title },
      title: card.title,
      description: card.description,
      image_url: image?.url ?? null,
      orientation: card.orientation as PublicCardProgramJson['card']['orientation'],
      value: { value: Number(card.value ?? 0n), currency: card.currency, use_number: card.use_number },
      // A listed card is complete: its validity is set.
      validity: validityOf(card) ?? { mode: 'program' },
      start_date: card.start_date,
      expiry_date: card.expiry_date,
    },
    acceptors: program.acceptors.map((name) => ({ name })),
    activated: program.activated_at?.toISOString() ?? null,
  }
}
