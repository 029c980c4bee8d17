/**
 * The access kernel: who calls (the caller), the four user types by name, and the checks every
 * module makes before it touches a program, a cashpoint, a card or a bill. One rule throughout:
 *
 * - no token (or one no longer valid): **401**, decided by the route guard (`signedIn`);
 * - a caller whose user type or standing does not allow the call: **403**;
 * - another tenant's object: **404**, the same answer as for an id that does not exist, so ids
 *   reveal nothing about other owners, acceptors or card holders.
 *
 * The checks take the facts they decide on (the program's owner, the acceptor's standing, the
 * cashpoint, the card) and never read the database themselves: each module reads its facts and asks
 * here. See docs/access.md.
 */
import type { UserType } from './context.ts'
import { AppError, businessRule, type ErrorReason, notFound } from './errors.ts'

export type { UserType } from './context.ts'

/** The user types of the specification by name: the only way guards and checks name them. */
export const userTypes = { owner: 1, acceptor: 2, holder: 3, admin: 4 } as const satisfies Record<
  string,
  UserType
>

/** A user type's name: `owner` (program owner), `acceptor`, `holder` (card holder), `admin`. */
export type UserTypeName = keyof typeof userTypes

export const userTypeNames = Object.keys(userTypes) as readonly UserTypeName[]

/** The name of a user type number (as stored and carried in tokens). */
export const userTypeName = (type: UserType): UserTypeName =>
  userTypeNames.find((name) => userTypes[name] === type) as UserTypeName

/** Who calls: the signed-in user, their type and (for a request) their session. */
export interface Caller {
  user_id: string
  user_type: UserType
  session_id?: string
}

export const isOwner = (me: Caller) => me.user_type === userTypes.owner
export const isAcceptor = (me: Caller) => me.user_type === userTypes.acceptor
export const isHolder = (me: Caller) => me.user_type === userTypes.holder
export const isAdmin = (me: Caller) => me.user_type === userTypes.admin

/** Another tenant's object, or none at all: 404, indistinguishable from an unknown id. */
export const notYours = (what: string) => notFound(what)

/** The caller's type or standing does not allow this call: 403 (the portals' "access denied"). */
export const denied = (message = 'access denied', reason?: ErrorReason) =>
  new AppError('forbidden', message, reason ? { reason } : {})

/** The facts of a program the checks need. */
export interface ProgramFacts {
  owner_user_id: string
}

/** The caller owns the program. */
export const ownsProgram = (me: Caller, program: ProgramFacts) => program.owner_user_id === me.user_id

/**
 * A program the caller manages: their own, or (with `admin`) any for an admin. None, or another
 * owner's: 404 `what`. Answers the program.
 */
export function programOfOwner<P extends ProgramFacts>(
  me: Caller,
  program: P | undefined,
  opts: { admin?: boolean; what?: string } = {},
): P {
  if (program && (ownsProgram(me, program) || (opts.admin && isAdmin(me)))) return program
  throw notYours(opts.what ?? 'program')
}

/**
 * Any object that belongs to one user (`owner_user_id`: an order, a payment notification): the
 * owner's, or (with `admin`) any for an admin. None, or someone else's: 404 `what`.
 */
export function ownedBy<T extends { owner_user_id: string | null }>(
  me: Caller,
  object: T | undefined,
  what: string,
  opts: { admin?: boolean } = {},
): T {
  if (object && (object.owner_user_id === me.user_id || (opts.admin && isAdmin(me)))) return object
  throw notYours(what)
}

/**
 * An object its owner lists for everyone of a portal, such as a public card program for card
 * holders: there is no tenant to check, only whether it is listed. One that is not (private, not
 * active, or none): 404 `what`, told apart from an unknown id by nothing.
 */
export function listedObject<T>(object: T | undefined, listed: boolean, what: string): T {
  if (object && listed) return object
  throw notYours(what)
}

/**
 * An acceptor's standing in a program: `active` (takes part now), `former` (was invited or took
 * part: declined, unsubscribed, blocked, not accepted yet), `none` (never had a place in it).
 */
export type AcceptorStanding = 'active' | 'former' | 'none'

/**
 * The acceptor takes part in the program (active status). A program they never had a place in is
 * another tenant's: 404 `what`; a place no longer (or not yet) active: 403 `not_program_acceptor`.
 */
export function acceptorTakingPart(me: Caller, standing: AcceptorStanding, what = 'program'): void {
  if (isAcceptor(me) && standing === 'active') return
  if (standing === 'none' || !isAcceptor(me)) throw notYours(what)
  throw denied('access denied: you no longer take part in this program', 'not_program_acceptor')
}

/**
 * A program whose daily work the caller shares: its owner (another owner's or none: 404 `what`),
 * or an acceptor taking part in it now, as a restaurant's staff edit its menu (never had a place:
 * 404; a place no longer or not yet active: 403 `not_program_acceptor`). Anyone else: 404.
 * `standing` is the acceptor's in the program (read by the programs module). Answers the program.
 */
export function programOfOwnerOrAcceptor<P extends ProgramFacts>(
  me: Caller,
  program: P | undefined,
  standing: AcceptorStanding,
  what = 'program',
): P {
  if (program && isAcceptor(me)) {
    acceptorTakingPart(me, standing, what)
    return program
  }
  return programOfOwner(me, program, { what })
}

/** The facts of a cashpoint the checks need. */
export interface CashpointFacts {
  acceptor_user_id: string
  is_active: boolean
}

/**
 * The acceptor at this open cashpoint: their own (none, or another acceptor's: 404 `cashpoint`),
 * while they take part in its program (403 `not_program_acceptor` otherwise), and open (422
 * `cashpoint_inactive`). Answers the cashpoint.
 */
export function acceptorAtCashpoint<C extends CashpointFacts>(
  me: Caller,
  cashpoint: C | undefined,
  takingPart: boolean,
): C {
  if (!cashpoint || !isAcceptor(me) || cashpoint.acceptor_user_id !== me.user_id) throw notYours('cashpoint')
  acceptorTakingPart(me, takingPart ? 'active' : 'former', 'cashpoint')
  if (!cashpoint.is_active) throw businessRule('this cashpoint is closed', 'cashpoint_inactive')
  return cashpoint
}

/**
 * What a caller has to do with a program besides owning it, for `programInView`: an acceptor's
 * standing in it, and for a card holder whether they have something of theirs in it (a card they
 * hold, a payment they made), as the module that lists decides.
 */
export interface ProgramViewFacts {
  standing?: AcceptorStanding
  held?: boolean
}

/**
 * A program named in a list's filter (`?program=`): the list may be narrowed to it when the caller
 * may see the program: an admin any, its owner, an acceptor who has or had a place in it (their
 * history there stays theirs to read), a card holder who has something in it (`held`). None, or
 * another tenant's: 404 `what`, never an empty page, so a filter reveals no more than a path
 * does. Answers the program.
 */
export function programInView<P extends ProgramFacts>(
  me: Caller,
  program: P | undefined,
  facts: ProgramViewFacts = {},
  what = 'program',
): P {
  if (program) {
    if (isAdmin(me) || (isOwner(me) && ownsProgram(me, program))) return program
    if (isAcceptor(me) && facts.standing !== undefined && facts.standing !== 'none') return program
    if (isHolder(me) && facts.held) return program
  }
  throw notYours(what)
}

/**
 * A cashpoint named in a list's filter (`?cashpoint=`): an admin any, a program owner one in their
 * program, an acceptor their own (open or closed, taking part or not: their history). None, or
 * another tenant's: 404 `cashpoint`. `program` is the cashpoint's program. Answers the cashpoint.
 */
export function cashpointInView<C extends { acceptor_user_id: string }>(
  me: Caller,
  cashpoint: C | undefined,
  program: ProgramFacts | undefined,
): C {
  if (cashpoint && program) {
    if (isAdmin(me)) return cashpoint
    if (isOwner(me) && ownsProgram(me, program)) return cashpoint
    if (isAcceptor(me) && cashpoint.acceptor_user_id === me.user_id) return cashpoint
  }
  throw notYours('cashpoint')
}

/**
 * A program owner named in a list's filter (`?owner=`): an admin any program owner, an owner only
 * themselves. None, a user of another type, or another owner: 404 `owner`.
 */
export function programOwnerInView<U extends { id: string; type: UserType }>(
  me: Caller,
  user: U | undefined,
): U {
  if (user && user.type === userTypes.owner && (isAdmin(me) || user.id === me.user_id)) return user
  throw notYours('program owner')
}

/** The facts of a card or a bill the checks need: who holds it (null while nobody does). */
export interface HeldFacts {
  holder_user_id: string | null
}

/** The caller is the card holder of this card (or bill). */
export const holds = (me: Caller, object: HeldFacts) =>
  isHolder(me) && object.holder_user_id !== null && object.holder_user_id === me.user_id

/**
 * The card holder of this card or bill: theirs, else (none, nobody's or someone else's) 404 `what`.
 * Answers the object.
 */
export function heldBy<T extends HeldFacts>(me: Caller, object: T | undefined, what: string): T {
  if (object && holds(me, object)) return object
  throw notYours(what)
}
