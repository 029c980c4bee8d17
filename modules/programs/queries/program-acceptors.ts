import { displayNames } from '../../identity/index.ts'
import { isAcceptor, isOwner, ownsProgram } from '../../platform/access.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import type { PageRequest } from '../../platform/pagination.ts'
import { type Caller, isAdmin } from '../access.ts'
import { liveAcceptorStatuses } from '../codes.ts'
import { type CashpointRow, cashpointsOf } from '../db/cashpoints.ts'
import {
  findProgramAcceptorRow,
  listProgramAcceptorRows,
  type ProgramAcceptorRow,
} from '../db/program-acceptors.ts'
import type { ProgramRow } from '../db/programs.ts'
import { hashInviteToken } from '../invite-tokens.ts'
import { programInFilter } from './programs.ts'

/** Invitations and memberships with what is needed to show them: their programs and people's names. */
export interface ProgramAcceptorsPage {
  count: number
  rows: ProgramAcceptorRow[]
  programs: Map<string, ProgramRow>
  names: Map<string, string>
}

async function withContext(
  db: DbOrTrx,
  count: number,
  rows: ProgramAcceptorRow[],
): Promise<ProgramAcceptorsPage> {
  const programIds = [...new Set(rows.map((r) => r.program_id))]
  const programs = programIds.length
    ? await db.selectFrom('programs').selectAll().where('id', 'in', programIds).execute()
    : []
  const names = await displayNames(db, [
    ...programs.map((p) => p.owner_user_id),
    ...rows.flatMap((r) => (r.acceptor_user_id ? [r.acceptor_user_id] : [])),
  ])
  return { count, rows, programs: new Map(programs.map((p) => [p.id, p])), names }
}

/**
 * `GET manager/program-acceptors` for each kind of caller: a program owner sees the acceptors of
 * their programs, an acceptor their own invitations and memberships, an admin everyone's. A
 * `program` the caller may not see (another owner's, one the acceptor never had a place in) or
 * that does not exist: 404 (the access kernel's `programInView`).
 */
export async function listProgramAcceptors(
  db: DbOrTrx,
  me: Caller,
  query: PageRequest & { program?: string | undefined; statuses?: readonly number[] | undefined },
): Promise<ProgramAcceptorsPage> {
  if (query.program) await programInFilter(db, me, query.program)
  const { count, rows } = await listProgramAcceptorRows(
    db,
    {
      programId: query.program,
      ownerUserId: isOwner(me) ? me.user_id : undefined,
      acceptorUserId: isAcceptor(me) ? me.user_id : undefined,
      statuses: query.statuses,
    },
    query,
  )
  return withContext(db, count, rows)
}

/**
 * One invitation or membership: for the owner of its program, an admin, the acceptor it belongs
 * to, or an acceptor holding the link's token of an unclaimed invitation. Anyone else, and a
 * withdrawn invitation: 404.
 */
export async function getProgramAcceptor(
  db: DbOrTrx,
  me: Caller,
  id: string,
  inviteToken?: string,
): Promise<ProgramAcceptorsPage & { row: ProgramAcceptorRow }> {
  const row = await findProgramAcceptorRow(db, id)
  if (!row) throw notFound('invitation')
  const page = await withContext(db, 1, [row])
  const program = page.programs.get(row.program_id)
  const visible =
    isAdmin(me) ||
    (isOwner(me) && program !== undefined && ownsProgram(me, program)) ||
    (isAcceptor(me) &&
      (row.acceptor_user_id === me.user_id ||
        (row.acceptor_user_id === null &&
          inviteToken !== undefined &&
          row.token_hash === hashInviteToken(inviteToken))))
  if (!visible) throw notFound('invitation')
  return { ...page, row }
}

/**
 * The acceptor portal's /programs: the acceptor's live places in programs (active, pending or
 * blocked, or the given statuses) with their cashpoints in each.
 */
export async function acceptorPrograms(
  db: DbOrTrx,
  me: Caller,
  query: PageRequest & { statuses?: readonly number[] | undefined },
): Promise<ProgramAcceptorsPage & { cashpoints: Map<string, CashpointRow[]> }> {
  const page = await listProgramAcceptors(db, me, {
    ...query,
    statuses: query.statuses?.length ? query.statuses : liveAcceptorStatuses,
  })
  const cashpoints = await cashpointsOf(
    db,
    me.user_id,
    page.rows.map((r) => r.program_id),
  )
  return { ...page, cashpoints: Map.groupBy(cashpoints, (c) => c.program_id) }
}

/**
 * The invitation an e-mail link names, for whoever holds the link (before signing in): the link's
 * secret must match the invitation's current one. A withdrawn invitation, a link replaced by a
 * resend, a wrong secret or an unknown id are all 404, told apart by nothing.
 */
export async function invitationByLink(
  db: DbOrTrx,
  id: string,
  inviteToken: string,
): Promise<ProgramAcceptorsPage & { row: ProgramAcceptorRow; program: ProgramRow }> {
  const row = await findProgramAcceptorRow(db, id)
  if (!row || row.token_hash === null || row.token_hash !== hashInviteToken(inviteToken)) {
    throw notFound('invitation')
  }
  const page = await withContext(db, 1, [row])
  const program = page.programs.get(row.program_id)
  if (!program) throw notFound('invitation')
  return { ...page, row, program }
}
