import type { Selectable } from 'kysely'
import type { RequestContext } from '../../platform/context.ts'
import type { DB, Db, DbOrTrx } from '../../platform/db.ts'
import { newId } from '../../platform/ids.ts'
import { type Caller, foodProgramOf } from '../access.ts'
import { bumpVersion, ensureRestaurantRow } from '../db/restaurants.ts'
import { announcementNotFound, invalidInput } from '../errors.ts'
import { isBlank, ruleMessages } from '../shared.ts'

type AnnouncementRow = Selectable<DB['food_announcements']>

/** An announcement (spec section 3): its uuid and text, shown on the restaurant list and page. */
export interface AnnouncementJson {
  uuid: string
  announcement: string
  created: string
  updated: string
}

export const announcementJson = (r: AnnouncementRow): AnnouncementJson => ({
  uuid: r.id,
  announcement: r.announcement,
  created: r.created_at.toISOString(),
  updated: r.updated_at.toISOString(),
})

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const checkText = (text: string) => {
  if (isBlank(text)) {
    throw invalidInput([{ field: 'announcement', code: 'required', message: ruleMessages.required }])
  }
}

export async function listAnnouncements(
  db: DbOrTrx,
  me: Caller,
  programUuid: string,
): Promise<AnnouncementJson[]> {
  const program = await foodProgramOf(db, me, programUuid, { who: 'staff' })
  const rows = await db
    .selectFrom('food_announcements')
    .selectAll()
    .where('program_id', '=', program.uuid)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(announcementJson)
}

export async function createAnnouncement(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  input: { program_uuid: string; announcement: string },
): Promise<AnnouncementJson> {
  checkText(input.announcement)
  const row = await db.transaction().execute(async (trx) => {
    const program = await foodProgramOf(trx, me, input.program_uuid, {
      who: 'staff',
      lock: trx,
      change: true,
    })
    await ensureRestaurantRow(trx, program.uuid)
    const created = await trx
      .insertInto('food_announcements')
      .values({
        id: newId(),
        program_id: program.uuid,
        announcement: input.announcement.trim(),
        created_by: me.user_id,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await bumpVersion(trx, program.uuid)
    return created
  })
  ctx.log.info({ program_id: row.program_id, announcement_id: row.id }, 'announcement created')
  return announcementJson(row)
}

/**
 * The announcement named in the path, for its restaurant's owner or staff. None, or another
 * restaurant's: 404 with the spec's reason `notFount` (spec section 8), alike.
 */
async function announcementOf(trx: DbOrTrx, me: Caller, id: string): Promise<AnnouncementRow> {
  const row = uuidPattern.test(id)
    ? await trx.selectFrom('food_announcements').selectAll().where('id', '=', id).executeTakeFirst()
    : undefined
  if (!row) throw announcementNotFound()
  try {
    await foodProgramOf(trx, me, row.program_id, { who: 'staff', change: true })
  } catch (err) {
    if ((err as { code?: string }).code === 'not_found') throw announcementNotFound()
    throw err
  }
  return row
}

export async function updateAnnouncement(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
  input: { announcement: string },
): Promise<AnnouncementJson> {
  checkText(input.announcement)
  const row = await db.transaction().execute(async (trx) => {
    const found = await announcementOf(trx, me, id)
    const updated = await trx
      .updateTable('food_announcements')
      .set({ announcement: input.announcement.trim(), updated_at: new Date() })
      .where('id', '=', found.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await bumpVersion(trx, found.program_id)
    return updated
  })
  ctx.log.info({ announcement_id: id }, 'announcement changed')
  return announcementJson(row)
}

export async function deleteAnnouncement(db: Db, ctx: RequestContext, me: Caller, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await announcementOf(trx, me, id)
    await trx.deleteFrom('food_announcements').where('id', '=', found.id).execute()
    await bumpVersion(trx, found.program_id)
  })
  ctx.log.info({ announcement_id: id }, 'announcement deleted')
}
