import { bearerSecurity, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { pageSchema, toPage } from '../../platform/pagination.ts'
import { defaultCurrency, listCurrencies } from '../../reference/index.ts'
import {
  acceptorStatusIds,
  programStatusIds,
  programTypeIds,
  reminderSenderTypes,
  reminderTemplateUuid,
  type StatusType,
  statusTypes,
  valueTypes,
} from '../codes.ts'
import {
  reminderSenderTypeDescriptions,
  statusTypeDescriptions,
  valueTypeDescriptions,
} from '../mail/labels.ts'
import { reminderPlaceholders, reminderTemplates } from '../mail/reminder-templates.ts'
import { acceptorStatusObject, programStatusObject, programTypeObject, translate } from '../texts.ts'
import { callerLanguage, langQuery, statusSchema, typeSchema } from './schemas.ts'

/*
 * The `manager/commons` lookups (spec section 7): small fixed lists the program screens choose
 * from. They are one family (same callers, same shape: one page holding the whole list, texts in
 * the caller's language), so they are declared together here rather than one file each.
 * Program owners, acceptors and admins may read them; card holders: 403.
 */

const readers = ['owner', 'acceptor', 'admin'] as const
const codeSchema = z
  .object({ id: z.number().int(), title: z.string(), description: z.string() })
  .openapi('CommonCode')

function commonsRoute<T extends z.ZodType, Q extends z.ZodObject = typeof langQuery>(
  path: string,
  summary: string,
  description: string,
  item: T,
  query: Q = langQuery as unknown as Q,
) {
  return createRoute({
    method: 'get',
    path: `/manager/commons/${path}`,
    tags: ['manager'],
    summary,
    description: `${description} The whole list in one page; descriptions in the caller’s language (\`lang\`, else Accept-Language).`,
    security: bearerSecurity,
    middleware: [signedIn(...readers)] as const,
    request: { query },
    responses: {
      200: { description: 'The list', content: { 'application/json': { schema: pageSchema(item) } } },
      ...errorResponses(400, 401, 403),
    },
  })
}

const whole = <T>(url: string, items: T[]) =>
  toPage(url, { page: 1, size: Math.max(items.length, 1) }, items.length, items)

export const getStatusTypes = commonsRoute(
  'status-types',
  'Status types',
  'The kinds of status: 11 program statuses (11001–11007), 21 acceptor statuses (21001–21005).',
  codeSchema,
)

const statusesQuery = langQuery.extend({
  status_type: z.coerce
    .number()
    .refine((n) => Object.values(statusTypes).includes(n as StatusType), '11 (program) or 21 (acceptor)')
    .optional()
    .openapi({ description: '11 program statuses, 21 acceptor statuses; default both' }),
})

export const getStatuses = commonsRoute(
  'statuses',
  'Statuses',
  'Program statuses 11001 active, 11002–11004 draft steps, 11005 pending, 11006 expired, 11007 blocked; acceptor statuses 21001 active, 21002 pending, 21003 unsubscribed, 21004 rejected, 21005 blocked.',
  statusSchema.extend({ status_type: z.number().int() }).openapi('CommonStatus'),
  statusesQuery,
)

export const getProgramTypes = commonsRoute(
  'program-types',
  'Program types',
  'card 1001, creditManagement 2001, paymentManagement 3001, foodsManagement 4001, foodCourtManagement 5001.',
  typeSchema,
)

export const getCommonCurrencies = commonsRoute(
  'currencies',
  'Currencies for programs',
  'ISO 4217 currencies, the default (EUR) first and flagged `is_default`.',
  z
    .object({
      code: z.string(),
      name: z.string(),
      symbol: z.string(),
      decimals: z.number().int(),
      is_default: z.boolean(),
    })
    .openapi('CommonCurrency'),
)

export const getValueTypes = commonsRoute(
  'value-types',
  'Value types',
  'How a value such as a penalty is given: 1 amount (fixed, in the program currency), 2 percent (of the amount due).',
  codeSchema,
)

export const getReminderSenderTypes = commonsRoute(
  'reminder-sender-types',
  'Reminder sender types',
  'When a bill reminder is sent: 1 before the due date, 2 after it (a number of days, the reminder’s `value`).',
  codeSchema,
)

export const getReminderTemplates = commonsRoute(
  'reminder-templates',
  'Reminder templates',
  'System templates for bill reminders: a friendly note before the due date, a reminder, a formal reminder and a final notice. `subject` and `text` hold placeholders in braces ({name}, {invoice_number}, {amount}, {due_date}, {company}, {pay_link}) filled when a reminder is sent.',
  z
    .object({
      id: z.number().int(),
      uuid: z.uuid(),
      key: z.string(),
      title: z.string(),
      description: z.string(),
      subject: z.string(),
      text: z.string(),
      is_formal: z.boolean(),
      is_system: z.boolean(),
      sender_type: codeSchema,
      value: z.number().int().openapi({ description: 'Days before or after the due date' }),
      placeholders: z.array(z.string()),
    })
    .openapi('ReminderTemplate'),
)

/** Placeholders stay as they are: each is passed as its own text. */
const keepPlaceholders = Object.fromEntries(reminderPlaceholders.map((p) => [p, `{${p}}`]))

export function registerCommonsRoutes(app: ApiApp) {
  app.openapi(getStatusTypes, (c) => {
    const language = callerLanguage(c, c.req.valid('query').lang)
    const items = Object.entries(statusTypes).map(([title, id]) => ({
      id,
      title,
      description: translate(language, statusTypeDescriptions[title as keyof typeof statusTypes]),
    }))
    return c.json(whole(c.req.url, items), 200)
  })

  app.openapi(getStatuses, (c) => {
    const q = c.req.valid('query')
    const language = callerLanguage(c, q.lang)
    const items = [
      ...(q.status_type === undefined || q.status_type === statusTypes.program
        ? programStatusIds.map((id) => ({
            ...programStatusObject(id, language),
            status_type: statusTypes.program,
          }))
        : []),
      ...(q.status_type === undefined || q.status_type === statusTypes.acceptor
        ? acceptorStatusIds.map((id) => ({
            ...acceptorStatusObject(id, language),
            status_type: statusTypes.acceptor,
          }))
        : []),
    ]
    return c.json(whole(c.req.url, items), 200)
  })

  app.openapi(getProgramTypes, (c) => {
    const language = callerLanguage(c, c.req.valid('query').lang)
    return c.json(
      whole(
        c.req.url,
        programTypeIds.map((id) => programTypeObject(id, language)),
      ),
      200,
    )
  })

  app.openapi(getCommonCurrencies, (c) => {
    const language = callerLanguage(c, c.req.valid('query').lang)
    const all = listCurrencies(language).map((cur) => ({ ...cur, is_default: cur.code === defaultCurrency }))
    all.sort((a, b) => Number(b.is_default) - Number(a.is_default))
    return c.json(whole(c.req.url, all), 200)
  })

  app.openapi(getValueTypes, (c) => {
    const language = callerLanguage(c, c.req.valid('query').lang)
    const items = Object.entries(valueTypes).map(([title, id]) => ({
      id,
      title,
      description: translate(language, valueTypeDescriptions[title as keyof typeof valueTypes]),
    }))
    return c.json(whole(c.req.url, items), 200)
  })

  app.openapi(getReminderSenderTypes, (c) => {
    const language = callerLanguage(c, c.req.valid('query').lang)
    const items = Object.entries(reminderSenderTypes).map(([title, id]) => ({
      id,
      title,
      description: translate(
        language,
        reminderSenderTypeDescriptions[title as keyof typeof reminderSenderTypes],
      ),
    }))
    return c.json(whole(c.req.url, items), 200)
  })

  app.openapi(getReminderTemplates, (c) => {
    const language = callerLanguage(c, c.req.valid('query').lang)
    const items = reminderTemplates.map((tpl) => ({
      id: tpl.id,
      uuid: reminderTemplateUuid(tpl.id),
      key: tpl.key,
      title: translate(language, tpl.title),
      description: translate(language, tpl.description),
      subject: translate(language, tpl.subject, keepPlaceholders),
      text: translate(language, tpl.text, keepPlaceholders),
      is_formal: tpl.is_formal,
      is_system: true,
      sender_type: {
        id: reminderSenderTypes[tpl.sender_type],
        title: tpl.sender_type,
        description: translate(language, reminderSenderTypeDescriptions[tpl.sender_type]),
      },
      value: tpl.days,
      placeholders: [...reminderPlaceholders],
    }))
    return c.json(whole(c.req.url, items), 200)
  })
}
