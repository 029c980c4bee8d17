import { createPayment, paymentFacts } from '../../payments/index.ts'
import { denied, isAdmin } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, Trx } from '../../platform/db.ts'
import { AppError, conflict, fieldProblem, notFound } from '../../platform/errors.ts'
import { committedEffect, recordEffect } from '../../platform/idempotency.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { type Caller, cashpointForTerminal } from '../access.ts'
import {
  findTerminalRequest,
  insertTerminalRequest,
  lockTerminalRequest,
  type TerminalRequestRow,
  type TerminalStatus,
  updateTerminalRequest,
} from '../db/terminal-requests.ts'
import { readToken, signToken, tokenHash, tokenLifetimeMs } from '../tokens.ts'

/**
 * How long the payment behind a request can be paid. Longer than a QR link: a payer who opened the
 * link just before it expired still has time to finish on the provider's page, and the terminal
 * can show a new QR for the same request meanwhile.
 */
export const paymentLifetimeMs = 60 * 60_000

/** A new token never outlives its payment: the last one is made this long before the end. */
const lastTokenMarginMs = 5 * 60_000

const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000)

export interface NewRequest {
  row: TerminalRequestRow
  token: string
}

export interface RequestPayment {
  source: 'terminal' | 'api'
  program: { uuid: string; owner_user_id: string; currency: string }
  cashpoint: { uuid: string; title: string; acceptor_user_id: string } | null
  acceptor_user_id: string | null
  amount: bigint
  description: string
  reference?: string | null | undefined
  request_uuid?: string | null | undefined
  callback_endpoint_id?: string | null | undefined
}

/**
 * Records a request and its payment (payable `terminal_request`, for the program's owner and, at a
 * cashpoint, the acceptor whose ledger sub-account receives the money) in one transaction, and
 * answers the QR link's token. Used by the terminal and by merchant systems' payment requests.
 */
export async function recordRequest(
  services: Pick<Services, 'db' | 'config'>,
  ctx: Pick<RequestContext, 'actor'>,
  trx: Trx,
  me: Caller,
  input: RequestPayment,
): Promise<NewRequest> {
  const id = newId()
  const paymentId = await createPayment(
    services,
    ctx,
    {
      payable: { kind: 'terminal_request', id },
      amount: input.amount,
      currency: input.program.currency,
      description: input.description,
      program_uuid: input.program.uuid,
      owner_user_id: input.program.owner_user_id,
      acceptor_user_id: input.acceptor_user_id,
      metadata: {
        terminal_request_uuid: id,
        ...(input.cashpoint
          ? { cashpoint_uuid: input.cashpoint.uuid, cashpoint_title: input.cashpoint.title }
          : {}),
        ...(input.reference ? { reference: input.reference } : {}),
      },
      expires_in_ms: paymentLifetimeMs,
    },
    trx,
  )
  const expiresAt = wholeSeconds(Date.now() + tokenLifetimeMs)
  const token = await signToken(trx, services.config, id, expiresAt)
  const row = await insertTerminalRequest(trx, {
    id,
    source: input.source,
    program_uuid: input.program.uuid,
    cashpoint_uuid: input.cashpoint?.uuid ?? null,
    cashpoint_title: input.cashpoint?.title ?? null,
    owner_user_id: input.program.owner_user_id,
    acceptor_user_id: input.acceptor_user_id,
    created_by: me.user_id,
    request_uuid: input.request_uuid ?? null,
    reference: input.reference ?? null,
    amount: input.amount,
    currency: input.program.currency,
    description: input.description,
    payment_id: paymentId,
    token_hash: tokenHash(token),
    token_expires_at: expiresAt,
    status: 'open',
    callback_endpoint_id: input.callback_endpoint_id ?? null,
  })
  return { row, token }
}

/**
 * The phone as payment terminal: at a cashpoint, an amount and what it is for become a request
 * the payer pays by scanning its QR code. The acceptor of the cashpoint (while an active acceptor
 * of the program) or the program's owner may ask; the money is the cashpoint acceptor's.
 */
export async function createTerminalRequest(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  me: Caller,
  input: { cashpoint: string; amount: bigint; description: string },
): Promise<NewRequest | { row: TerminalRequestRow; token: null }> {
  const { db } = services
  const { cashpoint, program } = await cashpointForTerminal(db, me, input.cashpoint)
  const made = await db.transaction().execute(async (trx) => {
    // A retry of a request that committed and died before answering: that request, not a second
    // one (and a second payment), with a fresh QR token since the lost answer's token is unknown.
    const committed = await committedEffect(trx, ctx.idempotency)
    const earlier = committed ? await lockTerminalRequest(trx, committed) : undefined
    if (earlier) return answerAgain(trx, services.config, earlier)
    const made = await recordRequest(services, ctx, trx, me, {
      source: 'terminal',
      program,
      cashpoint,
      acceptor_user_id: cashpoint.acceptor_user_id,
      amount: input.amount,
      description: input.description,
    })
    await recordEffect(trx, ctx.idempotency, made.row.id)
    return made
  })
  ctx.log.info(
    { terminal_request_id: made.row.id, cashpoint_id: cashpoint.uuid, payment_id: made.row.payment_id },
    'terminal request created',
  )
  return made
}

/**
 * The answer to a request made earlier whose answer was lost: while nobody has started paying, a
 * new token with the same expiry replaces the one never shown; else the request as it stands.
 */
async function answerAgain(
  trx: Trx,
  config: Services['config'],
  row: TerminalRequestRow,
): Promise<NewRequest | { row: TerminalRequestRow; token: null }> {
  if (row.status !== 'open' || row.token_expires_at <= new Date()) return { row, token: null }
  const token = await signToken(trx, config, row.id, row.token_expires_at)
  const updated = await updateTerminalRequest(trx, row.id, { token_hash: tokenHash(token) })
  return { row: updated, token }
}

/**
 * Who may see a request: the acceptor it pays and whoever made it (at their cashpoint or by their
 * system), the program's owner, and admins. Anyone else: 404.
 */
export function maySee(me: Caller, row: TerminalRequestRow): boolean {
  return (
    isAdmin(me) ||
    row.owner_user_id === me.user_id ||
    row.acceptor_user_id === me.user_id ||
    row.created_by === me.user_id
  )
}

export async function requestOf(db: Db, me: Caller, id: string): Promise<TerminalRequestRow> {
  const row = await findTerminalRequest(db, id)
  if (!row || !maySee(me, row)) throw notFound('terminal request')
  return row
}

/** Only who works the request (not an admin) may cancel it or show a new QR. */
function assertMayWork(me: Caller): void {
  if (isAdmin(me)) throw denied()
}

/** The status as people see it: an open request whose link expired is expired. */
export function effectiveStatus(row: TerminalRequestRow, now = new Date()): TerminalStatus {
  return row.status === 'open' && row.token_expires_at <= now ? 'expired' : (row.status as TerminalStatus)
}

/**
 * Cancels a request nobody has started paying: its QR stops working at once. Once a payer has
 * opened it (claimed), the provider may still take the money, so it can no longer be cancelled.
 */
export async function cancelTerminalRequest(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  id: string,
): Promise<TerminalRequestRow> {
  await requestOf(db, me, id)
  assertMayWork(me)
  const row = await db.transaction().execute(async (trx) => {
    const row = (await lockTerminalRequest(trx, id)) as TerminalRequestRow
    if (row.status === 'cancelled') return row
    if (row.status !== 'open') {
      throw conflict(
        row.status === 'claimed'
          ? 'the payer has started paying; it can no longer be cancelled'
          : 'this request is already finished',
        row.status === 'claimed' ? 'request_claimed' : 'request_finished',
      )
    }
    return updateTerminalRequest(trx, id, { status: 'cancelled', token_hash: null, ended_at: new Date() })
  })
  ctx.log.info({ terminal_request_id: id }, 'terminal request cancelled')
  return row
}

/**
 * A new QR code for a request nobody has started paying (the screen was reloaded, the link ran
 * out): a fresh token replaces the old one, which stops working.
 */
export async function renewToken(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  me: Caller,
  id: string,
): Promise<NewRequest> {
  const { db, config } = services
  const seen = await requestOf(db, me, id)
  assertMayWork(me)
  const payment = await paymentFacts(db, seen.payment_id)
  const made = await db.transaction().execute(async (trx) => {
    const row = (await lockTerminalRequest(trx, id)) as TerminalRequestRow
    if (row.status !== 'open') {
      throw conflict(
        row.status === 'claimed' ? 'the payer has started paying' : 'this request is already finished',
        row.status === 'claimed' ? 'request_claimed' : 'request_finished',
      )
    }
    const end = (payment?.expires_at.getTime() ?? 0) - lastTokenMarginMs
    const expiresAt = wholeSeconds(Math.min(Date.now() + tokenLifetimeMs, end))
    if (expiresAt.getTime() < Date.now() + 60_000) {
      throw new AppError('conflict', 'this request has run out; make a new one', {
        reason: 'request_finished',
      })
    }
    const token = await signToken(trx, config, id, expiresAt)
    const updated = await updateTerminalRequest(trx, id, {
      token_hash: tokenHash(token),
      token_expires_at: expiresAt,
    })
    return { row: updated, token }
  })
  ctx.log.info({ terminal_request_id: id }, 'terminal request QR renewed')
  return made
}

/** Why a QR link cannot be used, with the stable reasons the /pay page words for the payer. */
const tokenInvalid = () =>
  new AppError('bad_request', 'this QR code is not valid', {
    reason: 'token_invalid',
    fields: { token: [fieldProblem('invalid_token', 'this QR code is not valid')] },
  })
const tokenUsed = () =>
  new AppError('conflict', 'this QR code has already been used', { reason: 'token_used' })
const tokenGone = (reason: 'token_expired' | 'token_cancelled' | 'token_replaced', message: string) =>
  new AppError('conflict', message, { reason })

/**
 * The request a QR link leads to, while the link can still be used: refused as invalid (400, a
 * forged or garbled token) or as a conflict with the request's state (409), with the reason the
 * /pay page words for the payer: used (it already led to a payment), expired, cancelled, or
 * replaced by a newer QR. Nothing is charged in any of these cases. (409 rather than 410 Gone: the
 * platform's list of statuses is closed, and the reasons tell the cases apart.)
 */
export async function requestOfToken(
  db: Db | Trx,
  config: Services['config'],
  token: string,
  lock = false,
): Promise<TerminalRequestRow> {
  const read = await readToken(db, config, token)
  if (!read) throw tokenInvalid()
  const row = lock
    ? await lockTerminalRequest(db as Trx, read.requestId)
    : await findTerminalRequest(db, read.requestId)
  if (!row) throw tokenInvalid()
  if (row.token_hash === tokenHash(token)) {
    if (read.expiresAt <= new Date() || row.status !== 'open') {
      throw tokenGone('token_expired', 'this QR code has expired')
    }
    return row
  }
  // Not the request's current token: say why as precisely as the request allows.
  if (row.status === 'claimed' || row.status === 'paid') throw tokenUsed()
  if (row.status === 'cancelled') throw tokenGone('token_cancelled', 'the merchant cancelled this payment')
  if (row.status === 'open' && read.expiresAt > new Date()) {
    throw tokenGone('token_replaced', 'the merchant made a new QR code for this payment')
  }
  throw tokenGone('token_expired', 'this QR code has expired')
}

/**
 * The payer uses a QR link: the request becomes theirs to pay (claimed) and the token is spent in
 * the same transaction, so of two people scanning one code only the first reaches the payment.
 * Answers the payment to pay on the checkout page.
 */
export async function claimRequest(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  token: string,
): Promise<TerminalRequestRow> {
  const row = await services.db.transaction().execute(async (trx) => {
    const row = await requestOfToken(trx, services.config, token, true)
    return updateTerminalRequest(trx, row.id, { status: 'claimed', token_hash: null, claimed_at: new Date() })
  })
  ctx.log.info({ terminal_request_id: row.id, payment_id: row.payment_id }, 'terminal request claimed')
  return row
}
