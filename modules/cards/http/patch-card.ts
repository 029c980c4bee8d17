import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { orientations } from '../codes.ts'
import { saveCardSettings } from '../commands/card-settings.ts'
import { hasPaidOrder } from '../db/orders.ts'
import {
  calendarDate,
  callerLanguage,
  cardDescription,
  cardSchema,
  cardTitle,
  langQuery,
  requestContext,
  resultOf,
  toCardJson,
  uuidParam,
  validitySchema,
  valueInput,
} from './schemas.ts'

const body = z
  .object({
    title: cardTitle.optional(),
    description: cardDescription.optional(),
    image: z.uuid('not an image id').nullable().optional().openapi({
      description: 'An image the owner uploaded with POST manager/commons/images; null removes it',
    }),
    orientation: z.enum(orientations, { message: 'horizontal or vertical' }).optional(),
    values: z
      .array(valueInput)
      .length(1, 'a card has exactly one value')
      .optional()
      .openapi({ description: 'Exactly one row: the card’s face value and use mode' }),
    validity: validitySchema.optional(),
    is_private: z.boolean({ message: 'true or false' }).optional(),
    start_date: calendarDate.nullable().optional(),
    expiry_date: calendarDate.nullable().optional().openapi({ description: 'The program’s end' }),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change')
  .openapi('CardSettings')

export const patchCard = createRoute({
  method: 'patch',
  path: '/manager/cards/{uuid}',
  tags: ['manager'],
  summary: 'Change the card’s settings',
  description: [
    'Title, description, image, orientation, the value row `{value, currency, use_number}` (a voucher’s value above 0; a gift card’s 0 is flexible, loaded later), validity, privacy and the program period. Complete settings (title, value and validity) move a draftStep2 program to draftStep3 (spec section 4).',
    'Wrong input: 400 per field (`values.0.value`, `validity.until`, `image`, `expiry_date` …). Once an order of the program is paid only title, description and image change: 422 `card_settings_locked`. A blocked program: 422 `program_blocked`. The owner only; another owner’s card: 404.',
  ].join('\n\n'),
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam('card'),
    query: langQuery,
    body: { required: true, content: { 'application/json': { schema: body } } },
  },
  responses: {
    200: { description: 'Changed', content: { 'application/json': { schema: resultOf(cardSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerPatchCard(app: ApiApp) {
  app.openapi(patchCard, async (c) => {
    const me = requireUser(c, 'owner')
    const { db } = c.get('services')
    const card = await saveCardSettings(
      db,
      requestContext(c),
      me,
      c.req.valid('param').uuid,
      c.req.valid('json'),
    )
    const language = callerLanguage(c, c.req.valid('query').lang)
    return c.json(
      { result: await toCardJson(db, card, language, await hasPaidOrder(db, card.program_id)) },
      200,
    )
  })
}
