import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { DB, DbOrTrx, Trx } from '../../platform/db.ts'
import type { PageRequest } from '../../platform/pagination.ts'
import { pageOffset } from '../../platform/pagination.ts'

export type ProgramRow = Selectable<DB['programs']>

export function insertProgram(db: DbOrTrx, row: Insertable<DB['programs']>): Promise<ProgramRow> {
  return db.insertInto('programs').values(row).returningAll().executeTakeFirstOrThrow()
}

export function findProgramRow(db: DbOrTrx, id: string): Promise<ProgramRow | undefined> {
  return db.selectFrom('programs').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The row locked for the rest of the transaction: status changes of one program run one at a time. */
export function lockProgramRow(trx: Trx, id: string): Promise<ProgramRow | undefined> {
  return trx.selectFrom('programs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function updateProgramRow(
  db: DbOrTrx,
  id: string,
  set: Updateable<DB['programs']>,
): Promise<ProgramRow> {
  return db
    .updateTable('programs')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteProgramRow(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('programs').where('id', '=', id).execute()
}

export interface ProgramFilter {
  /** Only this owner's programs; undefined: everyone's (admins). */
  ownerUserId?: string | undefined
  statuses?: readonly number[] | undefined
  type?: number | undefined
  /** Part of the title, any case. */
  search?: string | undefined
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** One page of programs, newest first, and the count over all pages. */
export async function listProgramRows(
  db: DbOrTrx,
  filter: ProgramFilter,
  page: PageRequest,
): Promise<{ count: number; rows: ProgramRow[] }> {
  let q = db.selectFrom('programs')
  if (filter.ownerUserId) q = q.where('owner_user_id', '=', filter.ownerUserId)
  if (filter.statuses?.length) q = q.where('status', 'in', [...filter.statuses])
  if (filter.type) q = q.where('type', '=', filter.type)
  if (filter.search) q = q.where('title', 'ilike', likePattern(filter.search))
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(pageOffset(page))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { count: Number(total.count), rows }
}

/** Ids of an owner's programs (for the ledger scope of a program owner). */
/** The acceptors (users) who ever took part in an owner's programs, per program. */
export async function acceptorsOfOwnerPrograms(
  db: DbOrTrx,
  ownerUserId: string,
): Promise<{ program_id: string; acceptor_user_id: string }[]> {
  const rows = await db
    .selectFrom('program_acceptors as pa')
    .innerJoin('programs as p', 'p.id', 'pa.program_id')
    .select(['pa.program_id', 'pa.acceptor_user_id'])
    .where('p.owner_user_id', '=', ownerUserId)
    .where('pa.acceptor_user_id', 'is not', null)
    .distinct()
    .execute()
  return rows.map((r) => ({ program_id: r.program_id, acceptor_user_id: r.acceptor_user_id as string }))
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The titles of the programs among these ledger sub-accounts, keyed as the ledger asks
 * (`kind:external_id`): a program's (`program:<uuid>`) is its title; an acceptor's in a program
 * (`acceptor:<program>/<acceptor>`) is the acceptor's name and the program's title, "Kaasboer Kees ·
 * Kerstbonnen" (`namesOf` names the acceptors: identity's display names). Any other sub-account, or
 * one whose program or acceptor is gone, is left to show its id.
 */
export async function programSubAccountTitles(
  db: DbOrTrx,
  keys: readonly { kind: string; external_id: string }[],
  namesOf: (db: DbOrTrx, ids: readonly string[]) => Promise<Map<string, string>> = async () => new Map(),
): Promise<Map<string, string>> {
  const acceptors = keys.flatMap((k) => {
    if (k.kind !== 'acceptor') return []
    const [program, acceptor, ...rest] = k.external_id.split('/')
    return program && acceptor && rest.length === 0 && uuidPattern.test(program) && uuidPattern.test(acceptor)
      ? [{ key: `acceptor:${k.external_id}`, program, acceptor }]
      : []
  })
  const ids = [
    ...new Set([
      ...keys
        .filter((k) => k.kind === 'program' && uuidPattern.test(k.external_id))
        .map((k) => k.external_id),
      ...acceptors.map((a) => a.program),
    ]),
  ]
  if (ids.length === 0) return new Map()
  const [rows, names] = await Promise.all([
    db.selectFrom('programs').select(['id', 'title']).where('id', 'in', ids).execute(),
    acceptors.length
      ? namesOf(
          db,
          acceptors.map((a) => a.acceptor),
        )
      : new Map<string, string>(),
  ])
  const titles = new Map(rows.map((r) => [r.id, r.title]))
  const named = new Map<string, string>()
  for (const k of keys) {
    const title = k.kind === 'program' ? titles.get(k.external_id) : undefined
    if (title) named.set(`program:${k.external_id}`, title)
  }
  for (const a of acceptors) {
    const [name, title] = [names.get(a.acceptor), titles.get(a.program)]
    if (name && title) named.set(a.key, `${name} · ${title}`)
  }
  return named
}

export async function programIdsOfOwner(db: DbOrTrx, ownerUserId: string): Promise<string[]> {
  const rows = await db.selectFrom('programs').select('id').where('owner_user_id', '=', ownerUserId).execute()
  return rows.map((r) => r.id)
}
