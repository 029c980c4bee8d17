import { ownedBy } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db } from '../../platform/db.ts'
import { AppError, type FieldProblems, fieldProblem, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { createEndpoint, deleteEndpoint, updateEndpoint } from '../../webhooks/index.ts'
import { type Caller, paymentProgramOf } from '../access.ts'
import { categoryByUuid, fieldByUuid } from '../catalogue.ts'
import {
  findNotification,
  insertNotification,
  type NotificationRow,
  updateNotificationRow,
} from '../db/notifications.ts'

/** The fields of a notification as sent: per category, fields flagged `is_used`. */
export interface CategoriesInput {
  uuid: string
  fields: { uuid: string; is_used: boolean }[]
}

export interface NotificationInput {
  title: string
  description?: string | undefined
  url: string
  secret?: string | undefined
  is_active?: boolean | undefined
  categories?: CategoriesInput[] | undefined
}

export interface NotificationChanges {
  title?: string | undefined
  description?: string | undefined
  url?: string | undefined
  secret?: string | undefined
  rotate_secret?: boolean | undefined
  is_active?: boolean | undefined
  categories?: CategoriesInput[] | undefined
}

/** Spec section 8: a notification that does not validate is refused as `fieldsValidation`. */
export const fieldsValidation = (fields: FieldProblems) =>
  new AppError('validation_failed', 'fieldsValidation', { reason: 'fieldsValidation', fields })

/** Every refusal of the input (the webhooks module's URL and secret checks too) carries the reason. */
async function asFieldsValidation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof AppError && err.code === 'validation_failed' && err.reason !== 'fieldsValidation') {
      throw fieldsValidation(err.problems ?? {})
    }
    throw err
  }
}

/**
 * Applies the flags sent to the current selection: a listed field is used or not as flagged,
 * fields not listed keep their state. Unknown fields, or a field under another category than the
 * one it is listed in, are refused per field.
 */
function applyCategories(current: readonly string[], categories: CategoriesInput[]): string[] {
  const errors: FieldProblems = {}
  const used = new Set(current)
  categories.forEach((c, i) => {
    const category = categoryByUuid(c.uuid)
    if (!category) {
      errors[`categories.${i}.uuid`] = [fieldProblem('unknown_category', 'unknown category')]
      return
    }
    c.fields.forEach((f, j) => {
      const field = fieldByUuid(f.uuid)
      if (!field?.key.startsWith(`${category.key}.`)) {
        errors[`categories.${i}.fields.${j}.uuid`] = [
          fieldProblem('not_field_of_category', `not a field of the ${category.key} category`),
        ]
        return
      }
      if (f.is_used) used.add(field.key)
      else used.delete(field.key)
    })
  })
  if (Object.keys(errors).length) throw fieldsValidation(errors)
  return [...used].sort()
}

/** Spec section 5: an active notification sends at least one field. */
function assertSendsSomething(isActive: boolean, fields: readonly string[]): void {
  if (isActive && fields.length === 0) {
    throw fieldsValidation({
      categories: [fieldProblem('choose_field', 'choose at least one field for an active notification')],
    })
  }
}

/**
 * Sets up a payment notification of a payment management program: a webhooks endpoint (the URL,
 * the signing secret, sealed at rest; a new one when none is given) and the catalogue fields it
 * sends, in one transaction. Answers the secret in the clear.
 */
export async function createNotification(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  me: Caller,
  programUuid: string,
  input: NotificationInput,
): Promise<{ row: NotificationRow; secret: string }> {
  const { db, config } = services
  const program = await paymentProgramOf(db, me, programUuid, { change: true })
  const isActive = input.is_active ?? true
  const fields = applyCategories([], input.categories ?? [])
  assertSendsSomething(isActive, fields)
  const saved = await asFieldsValidation(() =>
    db.transaction().execute(async (trx) => {
      const { endpoint, secret } = await createEndpoint(trx, config, {
        owner_user_id: program.owner_user_id,
        program_uuid: program.uuid,
        url: input.url,
        description: input.title.slice(0, 500),
        ...(input.secret ? { secret: input.secret } : {}),
        is_active: isActive,
      })
      const row = await insertNotification(trx, {
        id: newId(),
        program_uuid: program.uuid,
        owner_user_id: program.owner_user_id,
        endpoint_id: endpoint.id,
        title: input.title,
        description: input.description ?? '',
        url: endpoint.url,
        is_active: isActive,
        fields,
      })
      return { row, secret }
    }),
  )
  ctx.log.info({ notification_id: saved.row.id, program_id: program.uuid }, 'payment notification created')
  return saved
}

/** The notification, for its program's owner; anyone else is told it does not exist. */
export async function notificationOfOwner(db: Db, me: Caller, id: string): Promise<NotificationRow> {
  return ownedBy(me, await findNotification(db, id), 'payment notification', { admin: true })
}

/** Changes a notification and its endpoint together; a new secret (set or rotated) is answered once. */
export async function updateNotification(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  me: Caller,
  id: string,
  input: NotificationChanges,
): Promise<{ row: NotificationRow; secret?: string }> {
  const { db, config } = services
  const current = await notificationOfOwner(db, me, id)
  if (current.owner_user_id !== me.user_id) throw notFound('payment notification')
  await paymentProgramOf(db, me, current.program_uuid, { change: true })
  const fields = input.categories ? applyCategories(current.fields, input.categories) : current.fields
  const isActive = input.is_active ?? current.is_active
  assertSendsSomething(isActive, fields)
  const saved = await asFieldsValidation(() =>
    db.transaction().execute(async (trx) => {
      const endpoint = await updateEndpoint(trx, config, current.endpoint_id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.title !== undefined ? { description: input.title.slice(0, 500) } : {}),
        ...(input.secret ? { secret: input.secret } : {}),
        ...(input.rotate_secret ? { rotate_secret: true } : {}),
        is_active: isActive,
      })
      const row = await updateNotificationRow(trx, id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        url: endpoint.endpoint.url,
        is_active: isActive,
        fields,
      })
      return endpoint.secret === undefined ? { row } : { row, secret: endpoint.secret }
    }),
  )
  ctx.log.info({ notification_id: id }, 'payment notification changed')
  return saved
}

/**
 * Deletes a notification: its endpoint stops receiving, while the deliveries already made stay in
 * the log (read through the webhooks routes).
 */
export async function deleteNotification(db: Db, ctx: RequestContext, me: Caller, id: string): Promise<void> {
  const current = await notificationOfOwner(db, me, id)
  if (current.owner_user_id !== me.user_id) throw notFound('payment notification')
  await db.transaction().execute(async (trx) => {
    await deleteEndpoint(trx, current.endpoint_id)
    await updateNotificationRow(trx, id, { is_active: false, deleted_at: new Date() })
  })
  ctx.log.info({ notification_id: id }, 'payment notification deleted')
}
