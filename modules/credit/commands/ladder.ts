import type { Caller } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Trx } from '../../platform/db.ts'
import { invalidField, notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import type { Services } from '../../platform/module.ts'
import { programImage, programStatuses } from '../../programs/index.ts'
import { creditProgramOf } from '../access.ts'
import { maxLadderSteps } from '../codes.ts'
import { isTimeZone } from '../dates.ts'
import {
  type CreditProgramPatch,
  type CreditProgramRow,
  deleteStep,
  findStep,
  insertStep,
  ladderSteps,
  lockCreditProgram,
  type StepRow,
  type StepValues,
  updateCreditProgram,
  updateStep,
} from '../db/programs.ts'
import { ladderFull } from '../errors.ts'
import { ladderChanged } from '../events.ts'

type Ctx = Pick<RequestContext, 'actor' | 'requestId'>

/** A ladder step as the API takes it (spec fields; `penalty.amount` in the program's minor units). */
export interface StepInput {
  title: string
  description?: string | undefined
  is_alive?: boolean | undefined
  is_system?: boolean | undefined
  is_formal?: boolean | undefined
  template?: number | null | undefined
  subject: string
  text: string
  time: { sender_type: 1 | 2; value: number }
  send_time?: string | undefined
  period?: { type: 11; value: number } | null | undefined
  contact?: string | undefined
  image?: string | null | undefined
  penalty?:
    | { value_type: 1; amount: number; currency?: string | undefined }
    | { value_type: 2; percent: string }
    | null
    | undefined
}

async function checkImage(trx: Trx, me: Caller, field: string, image: string | null | undefined) {
  if (!image) return
  const found = await programImage(trx, image)
  if (!found || found.owner_user_id !== me.user_id) {
    throw invalidField(field, 'image_unknown', 'no image of yours with this id')
  }
}

function stepValues(input: Partial<StepInput>, currency: string): Partial<StepValues> {
  const v: Partial<StepValues> = {}
  if (input.title !== undefined) v.title = input.title
  if (input.description !== undefined) v.description = input.description
  if (input.is_alive !== undefined) v.is_alive = input.is_alive
  if (input.is_system !== undefined) v.is_system = input.is_system
  if (input.is_formal !== undefined) v.is_formal = input.is_formal
  if (input.template !== undefined) v.template_id = input.template
  if (input.subject !== undefined) v.subject = input.subject
  if (input.text !== undefined) v.text = input.text
  if (input.time !== undefined) {
    v.sender_type = input.time.sender_type
    v.days = input.time.value
  }
  if (input.send_time !== undefined) v.send_time = input.send_time
  if (input.period !== undefined) {
    v.period_type = input.period ? input.period.type : null
    v.period_value = input.period ? input.period.value : null
  }
  if (input.contact !== undefined) v.contact = input.contact
  if (input.image !== undefined) v.image_id = input.image
  if (input.penalty !== undefined) {
    const p = input.penalty
    if (p && p.value_type === 1 && p.currency !== undefined && p.currency !== currency) {
      throw invalidField(
        'penalty.currency',
        'penalty_currency',
        `a penalty is in the program's currency, ${currency}`,
      )
    }
    v.penalty_type = p ? p.value_type : null
    v.penalty_amount = p && p.value_type === 1 ? BigInt(p.amount) : null
    v.penalty_percent = p && p.value_type === 2 ? p.percent : null
  }
  return v
}

/** The owner's own credit program, locked, with its settings row (made on first use). */
async function ownProgram(trx: Trx, me: Caller, uuid: string) {
  const program = await creditProgramOf(trx, me, uuid, { lock: trx })
  return { program, settings: await lockCreditProgram(trx, program.uuid) }
}

/** The ladder changed: open bills' reminders not sent yet are planned again (by the worker). */
const changed = (trx: Trx, programId: string, ctx: Ctx) =>
  publish(trx, ladderChanged, { program_id: programId, changed_at: new Date().toISOString() }, ctx)

/** Adds a step at the end of a program's ladder (`POST manager/reminders`). */
export async function addStep(
  services: Pick<Services, 'db'>,
  ctx: Ctx,
  me: Caller,
  programUuid: string,
  input: StepInput,
): Promise<StepRow> {
  return services.db.transaction().execute(async (trx) => {
    const { program } = await ownProgram(trx, me, programUuid)
    if ((await ladderSteps(trx, program.uuid)).length >= maxLadderSteps) throw ladderFull(maxLadderSteps)
    await checkImage(trx, me, 'image', input.image)
    const values = stepValues(input, program.currency)
    const step = await insertStep(trx, program.uuid, {
      description: '',
      is_alive: true,
      is_system: false,
      is_formal: false,
      template_id: null,
      send_time: '09:00',
      period_type: null,
      period_value: null,
      contact: '',
      image_id: null,
      penalty_type: null,
      penalty_amount: null,
      penalty_percent: null,
      ...values,
    } as StepValues)
    if (program.status === programStatuses.active) await changed(trx, program.uuid, ctx)
    return step
  })
}

/** A step of one of the owner's credit programs (another owner's or none: 404 `reminder`). */
async function ownStep(trx: Trx, me: Caller, uuid: string) {
  const step = await findStep(trx, uuid)
  if (!step) throw notFound('reminder')
  try {
    return { step, ...(await ownProgram(trx, me, step.program_id)) }
  } catch {
    throw notFound('reminder')
  }
}

/** Changes a step (`PATCH manager/reminders/{uuid}`, and its timing through `reminder-periods`). */
export async function changeStep(
  services: Pick<Services, 'db'>,
  ctx: Ctx,
  me: Caller,
  uuid: string,
  input: Partial<StepInput>,
): Promise<StepRow> {
  return services.db.transaction().execute(async (trx) => {
    const { step, program } = await ownStep(trx, me, uuid)
    await checkImage(trx, me, 'image', input.image)
    const updated = await updateStep(trx, step.id, stepValues(input, program.currency))
    await changed(trx, program.uuid, ctx)
    return updated
  })
}

/** Removes a step (`DELETE manager/reminders/{uuid}`); reminders it already sent stay on their bills. */
export async function removeStep(services: Pick<Services, 'db'>, ctx: Ctx, me: Caller, uuid: string) {
  await services.db.transaction().execute(async (trx) => {
    const { step, program } = await ownStep(trx, me, uuid)
    await deleteStep(trx, step.id)
    await trx
      .updateTable('credit_reminders')
      .set({ status: 'skipped', reason: 'replanned', updated_at: new Date() })
      .where('step_id', '=', step.id)
      .where('status', '=', 'planned')
      .execute()
    await changed(trx, program.uuid, ctx)
  })
}

export interface SettingsInput {
  contact?: Partial<{
    account: string
    phone_code: string
    phone_number: string
    chamber: string
    vat: string
    is_showed: boolean
    address: Partial<{ country: string; state: string; city: string; address: string; zip: string }>
  }>
  is_formal?: boolean | undefined
  image?: string | null | undefined
  contact_line?: string | undefined
  window?: Partial<{ start: string; end: string; weekdays: number[] }> | undefined
  time_zone?: string | undefined
}

/** Changes a credit program's settings (`PATCH manager/reminder-settings/{uuid}`). */
export async function changeSettings(
  services: Pick<Services, 'db'>,
  ctx: Ctx,
  me: Caller,
  programUuid: string,
  input: SettingsInput,
): Promise<CreditProgramRow> {
  return services.db.transaction().execute(async (trx) => {
    const { program, settings } = await ownProgram(trx, me, programUuid)
    await checkImage(trx, me, 'image', input.image)
    const patch: CreditProgramPatch = {}
    const c = input.contact
    if (c) {
      if (c.account !== undefined) patch.contact_account = c.account
      if (c.phone_code !== undefined) patch.contact_phone_code = c.phone_code
      if (c.phone_number !== undefined) patch.contact_phone_number = c.phone_number
      if (c.chamber !== undefined) patch.contact_chamber = c.chamber
      if (c.vat !== undefined) patch.contact_vat = c.vat
      if (c.is_showed !== undefined) patch.contact_is_showed = c.is_showed
      const a = c.address
      if (a?.country !== undefined) patch.contact_country = a.country
      if (a?.state !== undefined) patch.contact_state = a.state
      if (a?.city !== undefined) patch.contact_city = a.city
      if (a?.address !== undefined) patch.contact_address = a.address
      if (a?.zip !== undefined) patch.contact_zip = a.zip
    }
    if (input.is_formal !== undefined) patch.is_formal = input.is_formal
    if (input.image !== undefined) patch.image_id = input.image
    if (input.contact_line !== undefined) patch.contact = input.contact_line
    const w = input.window
    if (w) {
      const start = w.start ?? settings.window_start
      const end = w.end ?? settings.window_end
      if (!(start < end)) {
        throw invalidField(
          'window.end',
          'window_invalid',
          'the window must end after it starts, on the same day',
        )
      }
      patch.window_start = start
      patch.window_end = end
      if (w.weekdays) patch.window_weekdays = [...new Set(w.weekdays)].sort()
    }
    if (input.time_zone !== undefined) {
      if (!isTimeZone(input.time_zone))
        throw invalidField('time_zone', 'invalid_time_zone', 'not a known time zone')
      patch.time_zone = input.time_zone
    }
    const updated = await updateCreditProgram(trx, program.uuid, patch)
    if (w || input.time_zone !== undefined) await changed(trx, program.uuid, ctx)
    return updated
  })
}
