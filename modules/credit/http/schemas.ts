import { isCalendarDate } from '../../platform/dates.ts'
import { withCode } from '../../platform/errors.ts'
import { z } from '../../platform/http.ts'
import { billEventKinds, billLimits, billStatuses, reminderStatuses } from '../codes.ts'
import type { CreditProgramRow, StepRow } from '../db/programs.ts'
import { normalizePercent } from '../db/programs.ts'

export { requestContext } from '../../platform/module.ts'

export const resultOf = <T extends z.ZodType>(schema: T) => z.object({ result: schema })

export const calendarDate = z
  .string()
  .refine(isCalendarDate, { message: 'must be a date YYYY-MM-DD', params: withCode('invalid_date') })
  .openapi({ example: '2026-12-31' })

export const localTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM')
  .openapi({ example: '09:00' })

const windowEnd = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time HH:MM (or 24:00)')
  .openapi({ example: '18:00' })

// ─── Ladder steps (spec section 3, "Reminder") ────────────────────────────────────────────────

const timeInput = z
  .object({
    sender_type: z
      .union([z.literal(1), z.literal(2)])
      .openapi({ description: '1 before the due date, 2 after it' }),
    value: z.number().int().min(0).max(3650).openapi({ description: 'Days before or after the due date' }),
  })
  .strict()

const periodInput = z
  .object({
    type: z.literal(11).openapi({ description: '11: days (the specification’s day code)' }),
    value: z.number().int().min(0).max(3650),
  })
  .strict()

const penaltyInput = z
  .discriminatedUnion('value_type', [
    z
      .object({
        value_type: z.literal(1),
        amount: z.number().int().min(0).max(100_000_000).openapi({ description: 'Minor units' }),
        currency: z.string().length(3).optional(),
      })
      .strict(),
    z
      .object({
        value_type: z.literal(2),
        percent: z
          .string()
          .regex(
            /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/,
            'a percentage from 0 to 100 with at most four decimals',
          )
          .openapi({ example: '1.5' }),
      })
      .strict(),
  ])
  .openapi({ description: '1 a fixed amount in the program’s currency, 2 a percentage of the open amount' })

const stepFields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
  is_alive: z.boolean().optional(),
  is_system: z.boolean().optional(),
  is_formal: z.boolean().optional(),
  template: z
    .number()
    .int()
    .nullable()
    .optional()
    .openapi({ description: 'The system template (`commons/reminder-templates` id) it was made from' }),
  subject: z.string().trim().min(1).max(300),
  text: z.string().trim().min(1).max(10_000),
  time: timeInput,
  send_time: localTime.optional().openapi({ description: 'Local time of day it is sent (default 09:00)' }),
  period: periodInput.nullable().optional(),
  contact: z.string().max(500).optional(),
  image: z.uuid('not an image id').nullable().optional(),
  penalty: penaltyInput.nullable().optional(),
}

export const stepCreateBody = z
  .object({ program: z.uuid('not a program id'), ...stepFields })
  .strict()
  .openapi('ReminderInput')

export const stepPatchBody = z
  .object(stepFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change', params: withCode('required') })
  .openapi('ReminderPatch')

export const periodPatchBody = z
  .object({
    time: timeInput.optional(),
    send_time: localTime.optional(),
    period: periodInput.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change', params: withCode('required') })
  .openapi('ReminderPeriodPatch')

export const stepSchema = z
  .object({
    uuid: z.uuid(),
    program_uuid: z.uuid(),
    position: z.number().int(),
    title: z.string(),
    description: z.string(),
    is_alive: z.boolean(),
    is_system: z.boolean(),
    is_formal: z.boolean(),
    template: z.number().int().nullable(),
    subject: z.string(),
    text: z.string(),
    time: z.object({ sender_type: z.number().int(), value: z.number().int() }),
    send_time: z.string(),
    period: z.object({ type: z.number().int(), value: z.number().int() }).nullable(),
    contact: z.string(),
    image: z.string().nullable(),
    penalty: z
      .object({
        value_type: z.number().int(),
        amount: z.number().int().nullable(),
        percent: z.string().nullable(),
        currency: z.string(),
      })
      .nullable(),
  })
  .openapi('Reminder')

export function toStepJson(s: StepRow, currency: string): z.infer<typeof stepSchema> {
  return {
    uuid: s.id,
    program_uuid: s.program_id,
    position: s.position,
    title: s.title,
    description: s.description,
    is_alive: s.is_alive,
    is_system: s.is_system,
    is_formal: s.is_formal,
    template: s.template_id,
    subject: s.subject,
    text: s.text,
    time: { sender_type: s.sender_type, value: s.days },
    send_time: s.send_time,
    period:
      s.period_type === null || s.period_value === null
        ? null
        : { type: s.period_type, value: s.period_value },
    contact: s.contact,
    image: s.image_id,
    penalty:
      s.penalty_type === null
        ? null
        : {
            value_type: s.penalty_type,
            amount: s.penalty_amount === null ? null : Number(s.penalty_amount),
            percent: s.penalty_percent === null ? null : normalizePercent(s.penalty_percent),
            currency,
          },
  }
}

// ─── Program settings (spec section 3: bill contact and settings) ─────────────────────────────

const addressSchema = z.object({
  country: z.string().max(64),
  state: z.string().max(100),
  city: z.string().max(100),
  address: z.string().max(300),
  zip: z.string().max(16),
})

const contactSchema = z.object({
  account: z.string().max(64),
  phone_code: z.string().max(8),
  phone_number: z.string().max(32),
  chamber: z.string().max(32).openapi({ description: 'Chamber of commerce number' }),
  vat: z.string().max(32).openapi({ description: 'VAT number' }),
  is_showed: z.boolean().openapi({ description: 'Whether the contact is shown on bills' }),
  address: addressSchema,
})

const weekdays = z
  .array(z.number().int().min(1).max(7))
  .min(1)
  .max(7)
  .openapi({ description: 'ISO weekdays: 1 Monday … 7 Sunday' })

export const settingsBody = z
  .object({
    contact: contactSchema
      .partial()
      .extend({ address: addressSchema.partial().strict().optional() })
      .strict()
      .optional(),
    is_formal: z.boolean().optional(),
    image: z.uuid('not an image id').nullable().optional(),
    contact_line: z.string().max(500).optional().openapi({ description: 'The settings’ `contact` text' }),
    window: z
      .object({ start: localTime.optional(), end: windowEnd.optional(), weekdays: weekdays.optional() })
      .strict()
      .optional(),
    time_zone: z.string().min(1).max(64).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change', params: withCode('required') })
  .openapi('ReminderSettingsPatch')

export const settingsSchema = z
  .object({
    program_uuid: z.uuid(),
    code: z
      .string()
      .openapi({ description: 'The credit program id: 6 uppercase letters', example: 'KQZTRW' }),
    contact: contactSchema,
    is_formal: z.boolean(),
    image: z.string().nullable(),
    contact_line: z.string(),
    window: z.object({ start: z.string(), end: z.string(), weekdays: z.array(z.number().int()) }),
    time_zone: z.string(),
  })
  .openapi('ReminderSettings')

export function toSettingsJson(p: CreditProgramRow): z.infer<typeof settingsSchema> {
  return {
    program_uuid: p.program_id,
    code: p.code,
    contact: {
      account: p.contact_account,
      phone_code: p.contact_phone_code,
      phone_number: p.contact_phone_number,
      chamber: p.contact_chamber,
      vat: p.contact_vat,
      is_showed: p.contact_is_showed,
      address: {
        country: p.contact_country,
        state: p.contact_state,
        city: p.contact_city,
        address: p.contact_address,
        zip: p.contact_zip,
      },
    },
    is_formal: p.is_formal,
    image: p.image_id,
    contact_line: p.contact,
    window: { start: p.window_start, end: p.window_end, weekdays: p.window_weekdays },
    time_zone: p.time_zone,
  }
}

// ─── Preview ──────────────────────────────────────────────────────────────────────────────────

export const previewRowSchema = z
  .object({
    step: z.uuid().nullable(),
    order: z.number().int(),
    title: z.string(),
    local_date: z.string(),
    local_time: z.string(),
    planned_at: z.string(),
    moved: z
      .array(z.string())
      .openapi({ description: 'Why it is not at its nominal moment: window, dst_gap, spacing, catch_up' }),
    pay_by: z.string().nullable(),
    penalty: z.number().int(),
    running_total: z.number().int(),
    currency: z.string(),
    status: z
      .enum(reminderStatuses)
      .nullable()
      .openapi({ description: 'The stored row’s state (a bill’s preview)' }),
    reason: z.string().nullable(),
  })
  .openapi('LadderPreviewRow')

// ─── Bills ────────────────────────────────────────────────────────────────────────────────────

export const billItemInput = z
  .object({
    description: z.string().trim().min(1).max(500),
    quantity: z.number().int().min(1).max(billLimits.maxQuantity),
    unit_price: z
      .number()
      .int()
      .min(0)
      .max(billLimits.maxUnitPrice)
      .openapi({ description: 'Net price of one unit in minor units (excluding VAT)' }),
    vat: z
      .enum(['high', 'low', 'zero', 'exempt'])
      .openapi({ description: 'The VAT rate (payment/helpers/vat)' }),
  })
  .strict()

export const billCreateBody = z
  .object({
    program: z.uuid('not a program id'),
    holder: z
      .uuid('not a card holder id')
      .openapi({ description: 'From `user/cardholders/autocomplete` or `…/create`' }),
    issue_date: calendarDate.optional().openapi({ description: 'Default: today in the bill’s zone' }),
    due_date: calendarDate,
    reference: z.string().max(200).optional(),
    time_zone: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .openapi({ description: 'The holder’s time zone (default: the program’s)' }),
    items: z.array(billItemInput).min(1).max(billLimits.maxItems),
  })
  .strict()
  .openapi('BillInput')

const amount = z.number().int()

export const billSchema = z
  .object({
    uuid: z.uuid(),
    number: z.string().openapi({ description: 'Program code and number', example: 'KQZTRW-12' }),
    sequence: z.number().int().openapi({ description: 'The gapless number within the program' }),
    program: z.object({ uuid: z.uuid(), title: z.string(), code: z.string() }),
    holder: z.object({ uuid: z.uuid(), name: z.string(), email: z.string() }),
    status: z.enum(billStatuses),
    issue_date: z.string(),
    due_date: z.string(),
    reference: z.string(),
    currency: z.string(),
    subtotal: amount,
    vat: amount,
    total: amount,
    penalties: amount,
    paid_amount: z.number().int().min(0).openapi({
      description:
        'What the holder has paid of it, minor units, never negative (refunds taken off); show it as paid, not as a deduction',
    }),
    open_amount: amount.openapi({ description: 'What is left to pay: total + penalties − paid_amount' }),
    reminders_stopped: z
      .string()
      .nullable()
      .openapi({ description: '`smtp_rejected` when the ladder stopped for good' }),
    next_reminder_at: z.string().nullable(),
    archived_reason: z.string().nullable(),
    created: z.string(),
    paid_at: z.string().nullable(),
    time_zone: z.string().openapi({
      description:
        'The bill’s IANA time zone (the holder’s given on issue, else the program’s): show its times (timeline, reminders, payments) and count its due date on this clock',
      example: 'Europe/Amsterdam',
    }),
  })
  .openapi('Bill')

export const billLineSchema = z.object({
  kind: z.enum(['item', 'penalty']),
  description: z.string(),
  quantity: z.number().int(),
  unit_price: amount,
  vat: z.string().nullable(),
  vat_rate: z.number().nullable().openapi({ description: 'Percent' }),
  net: amount,
})

export const billReminderSchema = z.object({
  uuid: z.uuid(),
  step: z.object({ uuid: z.uuid(), title: z.string() }),
  order: z.number().int(),
  planned_at: z.string(),
  local_date: z.string(),
  local_time: z.string(),
  moved: z.array(z.string()),
  penalty: amount,
  status: z.enum(reminderStatuses),
  reason: z.string().nullable(),
  sent_at: z.string().nullable(),
})

export const timelineSchema = z.object({
  at: z.string(),
  kind: z.enum(billEventKinds),
  reminder: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
})

export const billDetailSchema = billSchema
  .extend({
    lines: z.array(billLineSchema),
    vat_per_rate: z.array(
      z.object({ code: z.string(), vat_rate: z.number().nullable(), net: amount, vat: amount }),
    ),
    reminders: z.array(billReminderSchema),
    payments: z.array(
      z.object({
        uuid: z.uuid(),
        amount,
        currency: z.string(),
        status: z.string(),
        paid_at: z.string().nullable(),
        refunded: z.number().int().openapi({ description: 'Refunded of it since, minor units' }),
      }),
    ),
    timeline: z.array(timelineSchema),
    contact: settingsSchema.shape.contact
      .nullable()
      .openapi({ description: 'The program’s bill contact, when shown' }),
  })
  .openapi('BillDetail')

export type BillJson = z.infer<typeof billSchema>
export type BillDetailJson = z.infer<typeof billDetailSchema>
