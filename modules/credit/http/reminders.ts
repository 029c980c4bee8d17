import { bearerSecurity, requireUser, signedIn } from '../../identity/index.ts'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp } from '../../platform/module.ts'
import { creditProgramOf } from '../access.ts'
import { addStep, changeSettings, changeStep, removeStep } from '../commands/ladder.ts'
import { ensureCreditProgram, ladderSteps } from '../db/programs.ts'
import { ladderPreview } from '../queries/preview.ts'
import {
  calendarDate,
  periodPatchBody,
  previewRowSchema,
  requestContext,
  resultOf,
  settingsBody,
  settingsSchema,
  stepCreateBody,
  stepPatchBody,
  stepSchema,
  toSettingsJson,
  toStepJson,
} from './schemas.ts'

const uuidParam = z.object({ uuid: z.uuid('not an id') })
const ladderSchema = z
  .object({ settings: settingsSchema, results: z.array(stepSchema) })
  .openapi('ReminderLadder')

export const getReminders = createRoute({
  method: 'get',
  path: '/manager/reminders',
  tags: ['manager'],
  summary: 'The reminder ladder of a credit program',
  description:
    'Spec `manager reminders`: the program’s steps in their configured order, with the program’s reminder settings (bill contact, send window, time zone, its 6-letter code). The owner’s own credit programs (another owner’s: 404), any for admins; another type: 422 `not_credit_program`.',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: { query: z.object({ program: z.uuid('not a program id') }) },
  responses: {
    200: { description: 'The ladder', content: { 'application/json': { schema: ladderSchema } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const postReminder = createRoute({
  method: 'post',
  path: '/manager/reminders',
  tags: ['manager'],
  summary: 'Add a step to a credit program’s ladder',
  description:
    'A reminder step (spec fields: title, description, is_alive, is_system, is_formal, subject, text with placeholders {name} {invoice_number} {amount} {due_date} {company} {pay_link}, time, period, contact, image, penalty) plus `send_time` (local HH:MM). Added last; at most 20 (422 `ladder_full`). Open bills’ reminders not sent yet are planned again.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: stepCreateBody } } } },
  responses: {
    201: { description: 'The step', content: { 'application/json': { schema: resultOf(stepSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const patchReminder = createRoute({
  method: 'patch',
  path: '/manager/reminders/{uuid}',
  tags: ['manager'],
  summary: 'Change a ladder step',
  description:
    'Any of the step’s fields. Open bills’ reminders not sent yet are planned again. Another owner’s step: 404.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam,
    body: { required: true, content: { 'application/json': { schema: stepPatchBody } } },
  },
  responses: {
    200: { description: 'The step', content: { 'application/json': { schema: resultOf(stepSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const deleteReminder = createRoute({
  method: 'delete',
  path: '/manager/reminders/{uuid}',
  tags: ['manager'],
  summary: 'Remove a ladder step',
  description:
    'Reminders it sent stay on their bills’ timelines; those not sent yet are skipped (`replanned`).',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: { params: uuidParam },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 403, 404) },
})

export const patchReminderSettings = createRoute({
  method: 'patch',
  path: '/manager/reminder-settings/{uuid}',
  tags: ['manager'],
  summary: 'Change a credit program’s reminder settings',
  description:
    'Spec `reminder-settings/{uuid}` (the program’s uuid): bill contact (account, phone code and number, chamber of commerce, VAT number, is_showed, address), is_formal, image, contact line, send window (`start` ≤ time < `end` local, same day, ISO weekdays) and time zone. A window that runs past midnight: 400 `window.end` (`window_invalid`); an unknown zone: 400 `time_zone`.',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam,
    body: { required: true, content: { 'application/json': { schema: settingsBody } } },
  },
  responses: {
    200: {
      description: 'The settings',
      content: { 'application/json': { schema: resultOf(settingsSchema) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const patchReminderPeriod = createRoute({
  method: 'patch',
  path: '/manager/reminder-periods/{uuid}',
  tags: ['manager'],
  summary: 'Change when a ladder step is sent',
  description:
    'Spec `reminder-periods/{uuid}` (the step’s uuid): its `time` (before or after the due date, days), `send_time` and `period` (the payment term it states, in days).',
  security: bearerSecurity,
  middleware: [signedIn('owner')] as const,
  request: {
    params: uuidParam,
    body: { required: true, content: { 'application/json': { schema: periodPatchBody } } },
  },
  responses: {
    200: { description: 'The step', content: { 'application/json': { schema: resultOf(stepSchema) } } },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export const getLadderPreview = createRoute({
  method: 'get',
  path: '/manager/reminders/preview',
  tags: ['manager'],
  summary: 'Preview a credit program’s ladder for an example bill',
  description:
    'Every alive step for a bill due on `due_date` with `amount` open (minor units) in `time_zone` (default the program’s): its local send date and time, why it moved (window, dst_gap, spacing), its penalty and the running total (assuming nothing is paid meanwhile).',
  security: bearerSecurity,
  middleware: [signedIn('owner', 'admin')] as const,
  request: {
    query: z.object({
      program: z.uuid('not a program id'),
      due_date: calendarDate,
      amount: z.coerce.number().int().min(0).max(1_000_000_000_000),
      time_zone: z.string().min(1).max(64).optional(),
    }),
  },
  responses: {
    200: {
      description: 'The plan',
      content: { 'application/json': { schema: z.object({ results: z.array(previewRowSchema) }) } },
    },
    ...errorResponses(400, 401, 403, 404, 422),
  },
})

export function registerReminderRoutes(app: ApiApp) {
  app.openapi(getLadderPreview, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const q = c.req.valid('query')
    const { db } = c.get('services')
    const program = await creditProgramOf(db, me, q.program, { adminMayRead: true })
    return c.json(
      { results: await ladderPreview(db, program, q.due_date, BigInt(q.amount), q.time_zone) },
      200,
    )
  })

  app.openapi(getReminders, async (c) => {
    const me = requireUser(c, 'owner', 'admin')
    const { db } = c.get('services')
    const program = await creditProgramOf(db, me, c.req.valid('query').program, { adminMayRead: true })
    const settings = await ensureCreditProgram(db, program.uuid)
    const steps = await ladderSteps(db, program.uuid)
    return c.json(
      { settings: toSettingsJson(settings), results: steps.map((s) => toStepJson(s, program.currency)) },
      200,
    )
  })

  app.openapi(postReminder, async (c) => {
    const me = requireUser(c, 'owner')
    const services = c.get('services')
    const { program, ...input } = c.req.valid('json')
    const step = await addStep(services, requestContext(c), me, program, input)
    const found = await creditProgramOf(services.db, me, program)
    return c.json({ result: toStepJson(step, found.currency) }, 201)
  })

  app.openapi(patchReminder, async (c) => {
    const me = requireUser(c, 'owner')
    const services = c.get('services')
    const step = await changeStep(
      services,
      requestContext(c),
      me,
      c.req.valid('param').uuid,
      c.req.valid('json'),
    )
    const found = await creditProgramOf(services.db, me, step.program_id)
    return c.json({ result: toStepJson(step, found.currency) }, 200)
  })

  app.openapi(deleteReminder, async (c) => {
    const me = requireUser(c, 'owner')
    await removeStep(c.get('services'), requestContext(c), me, c.req.valid('param').uuid)
    return c.body(null, 204)
  })

  app.openapi(patchReminderSettings, async (c) => {
    const me = requireUser(c, 'owner')
    const settings = await changeSettings(
      c.get('services'),
      requestContext(c),
      me,
      c.req.valid('param').uuid,
      c.req.valid('json'),
    )
    return c.json({ result: toSettingsJson(settings) }, 200)
  })

  app.openapi(patchReminderPeriod, async (c) => {
    const me = requireUser(c, 'owner')
    const services = c.get('services')
    const step = await changeStep(
      services,
      requestContext(c),
      me,
      c.req.valid('param').uuid,
      c.req.valid('json'),
    )
    const found = await creditProgramOf(services.db, me, step.program_id)
    return c.json({ result: toStepJson(step, found.currency) }, 200)
  })
}
