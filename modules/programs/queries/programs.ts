import { displayNames, userContactById } from '../../identity/index.ts'
import {
  type AcceptorStanding,
  cashpointInView,
  isAcceptor,
  type ProgramViewFacts,
  programInView,
  programOwnerInView,
} from '../../platform/access.ts'
import type { DbOrTrx, Trx } from '../../platform/db.ts'
import type { PageRequest } from '../../platform/pagination.ts'
import { type Caller, isAdmin } from '../access.ts'
import {
  acceptorStatuses,
  draftStatuses,
  type ProgramStatus,
  type ProgramType,
  programStatuses,
} from '../codes.ts'
import { findCashpointRow } from '../db/cashpoints.ts'
import { findLiveByUser } from '../db/program-acceptors.ts'
import { findProgramRow, listProgramRows, lockProgramRow, type ProgramRow } from '../db/programs.ts'
import type { ProgramFilterName } from '../shared.ts'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What other modules read about a program. */
export interface ProgramSummary {
  uuid: string
  owner_user_id: string
  type: ProgramType
  status: ProgramStatus
  title: string
  description: string
  currency: string
}

const summary = (r: ProgramRow): ProgramSummary => ({
  uuid: r.id,
  owner_user_id: r.owner_user_id,
  type: r.type as ProgramType,
  status: r.status as ProgramStatus,
  title: r.title,
  description: r.description,
  currency: r.currency,
})

/** A program by uuid, or undefined (also for a string that is no uuid). */
export async function findProgram(db: DbOrTrx, uuid: string): Promise<ProgramSummary | undefined> {
  if (!uuidPattern.test(uuid)) return undefined
  const row = await findProgramRow(db, uuid)
  return row && summary(row)
}

/**
 * A program by uuid with its row locked for the rest of the caller's transaction, so that another
 * module's change that depends on the program's status (card settings, card orders) does not
 * interleave with a status change.
 */
export async function lockProgram(trx: Trx, uuid: string): Promise<ProgramSummary | undefined> {
  if (!uuidPattern.test(uuid)) return undefined
  const row = await lockProgramRow(trx, uuid)
  return row && summary(row)
}

/**
 * Whether payments may be taken in a program now: only an active one. A blocked, expired, pending
 * or draft program (or none) takes no payments, and is unavailable to acceptors and card holders.
 */
export async function isProgramAcceptingPayments(db: DbOrTrx, uuid: string): Promise<boolean> {
  return (await findProgram(db, uuid))?.status === programStatuses.active
}

/** Whether a user takes part in a program as an active (not pending, blocked or unsubscribed) acceptor. */
export async function isActiveAcceptor(db: DbOrTrx, programUuid: string, userId: string): Promise<boolean> {
  if (!uuidPattern.test(programUuid) || !uuidPattern.test(userId)) return false
  const place = await findLiveByUser(db, programUuid, userId, [acceptorStatuses.active])
  return place !== undefined
}

/**
 * The acceptor's standing in a program, as the access kernel decides on it: `active` (takes part
 * now), `former` (has or had a place that is not active: invited, blocked, declined, unsubscribed)
 * or `none` (never had one: the program is another tenant's for them).
 */
export async function acceptorStanding(
  db: DbOrTrx,
  programUuid: string,
  userId: string,
): Promise<AcceptorStanding> {
  if (!uuidPattern.test(programUuid) || !uuidPattern.test(userId)) return 'none'
  const places = await db
    .selectFrom('program_acceptors')
    .select('status')
    .where('program_id', '=', programUuid)
    .where('acceptor_user_id', '=', userId)
    .execute()
  if (places.some((p) => p.status === acceptorStatuses.active)) return 'active'
  return places.length ? 'former' : 'none'
}

/** What other modules (the payment terminal) read about a cashpoint. */
export interface CashpointSummary {
  uuid: string
  program_uuid: string
  acceptor_user_id: string
  title: string
  is_active: boolean
}

export async function findCashpoint(db: DbOrTrx, uuid: string): Promise<CashpointSummary | undefined> {
  if (!uuidPattern.test(uuid)) return undefined
  const row = await findCashpointRow(db, uuid)
  return (
    row && {
      uuid: row.id,
      program_uuid: row.program_id,
      acceptor_user_id: row.acceptor_user_id,
      title: row.title,
      is_active: row.is_active,
    }
  )
}

/**
 * A program named in a list's filter (`?program=`), checked by the access kernel's
 * `programInView`: an admin any, the owner their own, an acceptor one they have or had a place in,
 * a card holder one they have something in (`held`, as the listing module knows it). Anyone else,
 * and an unknown id: 404. Answers the program.
 */
export async function programInFilter(
  db: DbOrTrx,
  me: Caller,
  uuid: string,
  facts: Pick<ProgramViewFacts, 'held'> = {},
): Promise<ProgramSummary> {
  const standing = isAcceptor(me) ? await acceptorStanding(db, uuid, me.user_id) : undefined
  return programInView(me, await findProgram(db, uuid), { ...facts, ...(standing ? { standing } : {}) })
}

/**
 * A cashpoint named in a list's filter (`?cashpoint=`), checked by the access kernel's
 * `cashpointInView`: an admin any, a program owner one in their program, an acceptor their own.
 * Anyone else, and an unknown id: 404. Answers the cashpoint.
 */
export async function cashpointInFilter(db: DbOrTrx, me: Caller, uuid: string): Promise<CashpointSummary> {
  const cashpoint = await findCashpoint(db, uuid)
  const program = cashpoint && (await findProgram(db, cashpoint.program_uuid))
  return cashpointInView(me, cashpoint, program)
}

/**
 * The program lists (spec section 2: all, active, draft): the owner's own programs, every
 * program for an admin (optionally one owner's: `owner` must be a program owner, else 404, as
 * another owner is for an owner). With the owners' display names.
 */
export async function listPrograms(
  db: DbOrTrx,
  me: Caller,
  query: PageRequest & {
    filter: ProgramFilterName
    type?: number | undefined
    search?: string | undefined
    owner?: string | undefined
  },
): Promise<{ count: number; rows: ProgramRow[]; owners: Map<string, string> }> {
  if (query.owner) programOwnerInView(me, await userContactById(db, query.owner))
  const { count, rows } = await listProgramRows(
    db,
    {
      ownerUserId: isAdmin(me) ? query.owner : me.user_id,
      statuses:
        query.filter === 'active'
          ? [programStatuses.active]
          : query.filter === 'draft'
            ? draftStatuses
            : undefined,
      type: query.type,
      search: query.search,
    },
    query,
  )
  return {
    count,
    rows,
    owners: await displayNames(
      db,
      rows.map((r) => r.owner_user_id),
    ),
  }
}

/**
 * The programs' public facts as a subquery, for a module that shows its own rows with their
 * program's title and status in one round trip (the food guest pages): read-only, joined on `id`.
 * The programs module stays the only writer of its table and decides which columns others see.
 */
export function programFactsQuery(db: DbOrTrx) {
  return db
    .selectFrom('programs')
    .select([
      'id',
      'owner_user_id',
      'type',
      'status',
      'title',
      'description',
      'currency',
      'created_at',
      'updated_at',
    ])
}

/** The programs a user takes part in as an active acceptor, as a subquery of `program_id`. */
export function activeAcceptorProgramsQuery(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('program_acceptors')
    .select('program_id')
    .where('acceptor_user_id', '=', userId)
    .where('status', '=', acceptorStatuses.active)
}
