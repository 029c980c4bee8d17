import type { RequestContext } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import {
  AppError,
  type ErrorParams,
  type FieldErrorCode,
  type FieldProblems,
  fieldProblem,
  notFound,
} from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import {
  type ProgramSummary,
  programImage,
  programStatuses,
  stepOf,
  updateProgramIn,
} from '../../programs/index.ts'
import { type Caller, cardProgramOf } from '../access.ts'
import { type CardType, cardTypes, maxExpiryValue, type Orientation } from '../codes.ts'
import { zonedDate } from '../dates.ts'
import { hasPaidOrder } from '../db/orders.ts'
import {
  deleteCardRow,
  findCardOfProgram,
  findCardRow,
  insertCardRow,
  lockCardRow,
  type ProgramCardRow,
  updateCardRow,
} from '../db/program-cards.ts'
import { cardSettingsLocked, programBlocked, programNotDraft } from '../errors.ts'
import { isComplete, validityColumns, validityOf } from '../model.ts'
import type { Validity } from '../validity.ts'

/**
 * The card of a card program and the draft steps it drives (spec section 4): choosing a card type
 * moves the program to draftStep2 (another type replaces the card), complete card settings move it
 * to draftStep3. The status changes go through the programs module's own rules, lock and event,
 * in the same transaction as the card's change.
 */

const isDraftStatus = (status: number) =>
  status === programStatuses.draftStep1 ||
  status === programStatuses.draftStep2 ||
  status === programStatuses.draftStep3

/** Moves a draft to `to` when it is elsewhere (the programs module refuses what its machine refuses). */
async function moveDraft(
  trx: Trx,
  ctx: RequestContext,
  me: Caller,
  program: ProgramSummary,
  to: number,
): Promise<number> {
  if (!isDraftStatus(program.status) || program.status === to) return program.status
  const { program: row } = await updateProgramIn(trx, ctx, me, program.uuid, {
    status: to as typeof programStatuses.draftStep2,
  })
  return row.status
}

function logMove(ctx: RequestContext, programId: string, from: number, to: number) {
  if (from !== to) ctx.log.info({ program_id: programId, from, to }, 'program status changed')
}

export interface ChosenCard {
  card: ProgramCardRow
  created: boolean
}

/**
 * Chooses the card type of a draft card program: a new card (draftStep1 → draftStep2), the same
 * type again keeps the card as it is, another type deletes the card first and starts a new one
 * (the program goes back to draftStep2 if it was at draftStep3).
 */
export async function chooseCardType(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  input: { program: string; type: CardType },
): Promise<ChosenCard> {
  const result = await db.transaction().execute(async (trx) => {
    const program = await cardProgramOf(trx, me, input.program, { lock: trx })
    if (!isDraftStatus(program.status)) throw programNotDraft()
    const existing = await findCardOfProgram(trx, program.uuid)
    let card = existing
    if (!existing || existing.type !== input.type) {
      if (existing) await deleteCardRow(trx, existing.id)
      card = await insertCardRow(trx, {
        id: newId(),
        program_id: program.uuid,
        type: input.type,
        title: program.title,
        currency: program.currency,
        // A voucher is used once unless the owner says otherwise; a gift card is spent from its balance.
        use_number: input.type === cardTypes.voucher ? 1 : null,
      })
    }
    const created = card !== existing
    // A new card starts the settings step again; the same type chosen again changes nothing.
    const to =
      created || program.status === programStatuses.draftStep1
        ? await moveDraft(trx, ctx, me, program, programStatuses.draftStep2)
        : program.status
    return { card: card as ProgramCardRow, created, from: program.status, to }
  })
  logMove(ctx, input.program, result.from, result.to)
  if (result.created) ctx.log.info({ program_id: input.program, card_type: input.type }, 'card type chosen')
  return { card: result.card, created: result.created }
}

export interface CardSettingsInput {
  title?: string | undefined
  description?: string | undefined
  image?: string | null | undefined
  orientation?: Orientation | undefined
  values?:
    | { value: number; currency?: string | undefined; use_number?: number | null | undefined }[]
    | undefined
  validity?: Validity | undefined
  is_private?: boolean | undefined
  start_date?: string | null | undefined
  expiry_date?: string | null | undefined
}

/** The settings that stay as they are once cards have been paid for (the cards carry them). */
const lockable = ['orientation', 'values', 'validity', 'is_private', 'start_date', 'expiry_date'] as const

/**
 * Changes a card's settings. The owner only; a blocked program is frozen. Checks what a schema
 * cannot (400 per field): a voucher's value above 0, the program's currency, dates that make sense
 * together and are not past, an image of the owner's. Once an order of the program is paid, only
 * title, description and image change (422 `card_settings_locked`). Complete settings take a
 * draftStep2 program to draftStep3.
 */
export async function saveCardSettings(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  cardId: string,
  input: CardSettingsInput,
): Promise<ProgramCardRow> {
  const found = await findCardRow(db, cardId)
  if (!found) throw notFound('card')
  const result = await db.transaction().execute(async (trx) => {
    const program = await cardProgramOf(trx, me, found.program_id, { lock: trx })
    const card = await lockCardRow(trx, cardId)
    if (!card) throw notFound('card')
    if (program.status === programStatuses.blocked) throw programBlocked()

    // A value row without currency or use_number keeps the card's.
    const values = input.values?.map((v) => ({
      value: v.value,
      currency: v.currency ?? program.currency,
      use_number: v.use_number === undefined ? card.use_number : v.use_number,
    }))
    const next = { ...currentSettings(card), ...definedOf({ ...input, values }) }
    const changed = lockable.filter((k) => input[k] !== undefined && !same(currentSettings(card)[k], next[k]))
    if (changed.length > 0 && (await hasPaidOrder(trx, program.uuid))) throw cardSettingsLocked(changed)

    const fields = await settingsProblems(trx, me, card, program, input, next)
    if (Object.keys(fields).length > 0)
      throw new AppError('validation_failed', 'validation failed', { fields })

    const value = next.values[0]
    const updated = await updateCardRow(trx, card.id, {
      title: next.title,
      description: next.description,
      image_id: next.image,
      orientation: next.orientation,
      value: value ? BigInt(value.value) : null,
      use_number: value ? (value.use_number ?? null) : card.use_number,
      ...(next.validity ? validityColumns(next.validity) : {}),
      is_private: next.is_private,
      start_date: next.start_date,
      expiry_date: next.expiry_date,
    })
    const step = stepOf(program.status)
    const to =
      step === 2
        ? await moveDraft(
            trx,
            ctx,
            me,
            program,
            isComplete(updated) ? programStatuses.draftStep3 : programStatuses.draftStep2,
          )
        : program.status
    return { card: updated, from: program.status, to }
  })
  logMove(ctx, found.program_id, result.from, result.to)
  return result.card
}

interface Settings {
  title: string
  description: string
  image: string | null
  orientation: string
  values: { value: number; currency?: string | undefined; use_number?: number | null | undefined }[]
  validity: Validity | null
  is_private: boolean
  start_date: string | null
  expiry_date: string | null
}

function currentSettings(card: ProgramCardRow): Settings {
  return {
    title: card.title,
    description: card.description,
    image: card.image_id,
    orientation: card.orientation,
    values:
      card.value === null
        ? []
        : [{ value: Number(card.value), currency: card.currency, use_number: card.use_number }],
    validity: validityOf(card),
    is_private: card.is_private,
    start_date: card.start_date,
    expiry_date: card.expiry_date,
  }
}

function definedOf(input: CardSettingsInput): Partial<Settings> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<Settings>
}

/** Equal as settings: values compared without their (always the program's) currency. */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    JSON.stringify(v, (key, x) => (key === 'currency' ? undefined : x === undefined ? null : x))
  return norm(a) === norm(b)
}

async function settingsProblems(
  trx: Trx,
  me: Caller,
  card: ProgramCardRow,
  program: ProgramSummary,
  input: CardSettingsInput,
  next: Settings,
): Promise<FieldProblems> {
  const fields: FieldProblems = {}
  const add = (field: string, code: FieldErrorCode, message: string, params?: ErrorParams) => {
    fields[field] = [...(fields[field] ?? []), fieldProblem(code, message, params)]
  }
  const today = zonedDate(new Date())

  if (input.values !== undefined) {
    input.values.forEach((v, i) => {
      if (v.currency !== undefined && v.currency !== program.currency) {
        add(
          `values.${i}.currency`,
          'not_program_currency',
          `must be the program’s currency (${program.currency})`,
          {
            currency: program.currency,
          },
        )
      }
      if (card.type === cardTypes.voucher && v.value <= 0) {
        add(`values.${i}.value`, 'voucher_value_zero', 'a voucher needs a value above 0')
      }
    })
  }
  if (input.image) {
    const image = await programImage(trx, input.image)
    if (!image || image.owner_user_id !== me.user_id)
      add('image', 'image_unknown', 'no such image: upload it first')
  }
  if (input.validity?.mode === 'until') {
    if (input.validity.until < today) add('validity.until', 'date_in_past', 'must not be in the past')
    else if (next.start_date && input.validity.until < next.start_date) {
      add('validity.until', 'before_start_date', 'must not be before the start date')
    }
  }
  if (input.validity?.mode === 'after_activation') {
    const max = maxExpiryValue[input.validity.expiry_type]
    if (input.validity.expiry_value > max)
      add('validity.expiry_value', 'too_big', `at most ${max}`, { maximum: max })
  }
  if (next.start_date && next.expiry_date && next.expiry_date < next.start_date) {
    add(
      input.expiry_date !== undefined ? 'expiry_date' : 'start_date',
      'ends_before_start',
      'the program cannot end before it starts',
    )
  }
  if (input.expiry_date && input.expiry_date < today)
    add('expiry_date', 'date_in_past', 'must not be in the past')
  return fields
}

/**
 * Deletes the card of a draft program (the program goes back to draftStep1: no type chosen). Once
 * past the drafts a program keeps its card: 409 `program_not_draft`.
 */
export async function deleteCard(db: Db, ctx: RequestContext, me: Caller, cardId: string): Promise<void> {
  const found = await findCardRow(db, cardId)
  if (!found) throw notFound('card')
  const result = await db.transaction().execute(async (trx) => {
    const program = await cardProgramOf(trx, me, found.program_id, { lock: trx })
    if (!isDraftStatus(program.status)) throw programNotDraft()
    const card = await lockCardRow(trx, cardId)
    if (!card) throw notFound('card')
    await deleteCardRow(trx, card.id)
    const to = await moveDraft(trx, ctx, me, program, programStatuses.draftStep1)
    return { from: program.status, to }
  })
  logMove(ctx, found.program_id, result.from, result.to)
  ctx.log.info({ program_id: found.program_id, card_id: cardId }, 'card deleted')
}
