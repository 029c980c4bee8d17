import { displayNames } from '../../identity/index.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { type PageRequest, pageOffset } from '../../platform/pagination.ts'
import { acceptorStatuses, type ProgramType, programStatuses } from '../codes.ts'
import type { ProgramRow } from '../db/programs.ts'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * What anyone of a portal may read about a program another module lists for them (the cards
 * module lists public card programs for card holders): what it is, who runs it, and the businesses
 * that take part in it now (where it can be used). Never e-mail addresses or people's ids.
 */
export interface ListedProgram {
  uuid: string
  type: ProgramType
  title: string
  description: string
  currency: string
  owner_name: string
  /** The names of the acceptors taking part now (active), in alphabetical order. */
  acceptors: string[]
  activated_at: Date | null
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/**
 * One page of the given programs that are active now (a draft, blocked or expired one is never
 * listed), by title. `ids` are the programs the listing module chose (its own rule: a public
 * card); `search` is part of the title, any case.
 */
export async function listedPrograms(
  db: DbOrTrx,
  filter: { ids: readonly string[]; search?: string | undefined },
  page: PageRequest,
): Promise<{ count: number; rows: ListedProgram[] }> {
  const ids = filter.ids.filter((id) => uuidPattern.test(id))
  if (ids.length === 0) return { count: 0, rows: [] }
  let q = db.selectFrom('programs').where('id', 'in', ids).where('status', '=', programStatuses.active)
  if (filter.search) q = q.where('title', 'ilike', likePattern(filter.search))
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('title').orderBy('id').limit(page.size).offset(pageOffset(page)).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.count), rows: await withPeople(db, rows) }
}

/** One program as `listedPrograms` shows it, when it is active now; else undefined. */
export async function listedProgram(db: DbOrTrx, uuid: string): Promise<ListedProgram | undefined> {
  if (!uuidPattern.test(uuid)) return undefined
  const row = await db
    .selectFrom('programs')
    .selectAll()
    .where('id', '=', uuid)
    .where('status', '=', programStatuses.active)
    .executeTakeFirst()
  return row && (await withPeople(db, [row]))[0]
}

async function withPeople(db: DbOrTrx, rows: ProgramRow[]): Promise<ListedProgram[]> {
  if (rows.length === 0) return []
  const places = await db
    .selectFrom('program_acceptors')
    .select(['program_id', 'acceptor_user_id'])
    .where(
      'program_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('status', '=', acceptorStatuses.active)
    .where('acceptor_user_id', 'is not', null)
    .execute()
  const names = await displayNames(db, [
    ...rows.map((r) => r.owner_user_id),
    ...places.flatMap((p) => (p.acceptor_user_id ? [p.acceptor_user_id] : [])),
  ])
  const byProgram = Map.groupBy(places, (p) => p.program_id)
  return rows.map((r) => ({
    uuid: r.id,
    type: r.type as ProgramType,
    title: r.title,
    description: r.description,
    currency: r.currency,
    owner_name: names.get(r.owner_user_id) ?? '',
    acceptors: (byProgram.get(r.id) ?? [])
      .map((p) => names.get(p.acceptor_user_id ?? '') ?? '')
      .filter((name) => name !== '')
      .sort((a, b) => a.localeCompare(b)),
    activated_at: r.activated_at,
  }))
}
