import { isAcceptor, notYours } from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import { AppError, type FieldProblems, fieldProblem } from '../../platform/errors.ts'
import type { Services } from '../../platform/module.ts'
import { acceptorStanding, findCashpoint, findProgram, programTypes } from '../../programs/index.ts'
import { createEndpoint } from '../../webhooks/index.ts'
import { assertTakesPayments, assertWorksInProgram, type Caller } from '../access.ts'
import { fieldByUuid } from '../catalogue.ts'
import { findByRequestUuid, type TerminalRequestRow } from '../db/terminal-requests.ts'
import { type NewRequest, recordRequest, renewToken } from './terminal-requests.ts'

export interface PaymentRequestInput {
  program_uuid: string
  request_uuid: string
  url?: string | undefined
  secret?: string | undefined
  fields: { field_uuid: string; value: string | number }[]
}

/** The catalogue fields a merchant system may fill in; the rest describe a payment already made. */
const inputFields = [
  'payment.amount',
  'payment.currency',
  'payment.description',
  'payment.reference',
  'payment.cashpoint',
]

const refuse = (fields: FieldProblems) =>
  new AppError('validation_failed', 'validation failed', { reason: 'fieldsValidation', fields })

/**
 * A payment request from a merchant's own system (spec `manager/payment-requests`: url, secret,
 * request_uuid, program_uuid, fields of value and field_uuid): the system asks for an amount in a
 * payment management program, names it with its own `request_uuid`, and gets the QR link to show
 * the payer (on its own screen, a receipt, an e-mail). When it is paid, or ends unpaid, the
 * outcome is sent, signed with `secret`, to `url`; the program's payment notifications fire as
 * for any payment in the program.
 *
 * Fields are the notification catalogue's `payment` fields, by uuid: amount (minor units,
 * required), description (required), currency (must be the program's), reference (the merchant's
 * own, shown to the payer as part of the description's context and sent back) and cashpoint (a
 * cashpoint in the program, whose acceptor receives the money).
 *
 * The program's owner or an active acceptor of it may ask (an acceptor only at their own
 * cashpoints). The same `request_uuid` again answers the same request (with a fresh QR link while
 * nobody has started paying), so a merchant system may retry safely.
 */
export async function createPaymentRequest(
  services: Pick<Services, 'db' | 'config'>,
  ctx: RequestContext,
  me: Caller,
  input: PaymentRequestInput,
): Promise<{
  made: NewRequest | { row: TerminalRequestRow; token: string | null }
  created: boolean
  secret?: string
}> {
  const { db, config } = services
  const program = await findProgram(db, input.program_uuid)
  // An unknown program answers as another owner's: 404 (the access kernel's rule).
  if (!program) throw notYours('program')
  const acceptor = isAcceptor(me)
  assertWorksInProgram(me, program, acceptor ? await acceptorStanding(db, program.uuid, me.user_id) : 'none')
  if (program.type !== programTypes.paymentManagement) {
    throw new AppError('business_rule', 'only payment management programs take payment requests', {
      reason: 'not_payment_program',
    })
  }

  const existing = await findByRequestUuid(db, program.uuid, input.request_uuid)
  if (existing) {
    if (existing.created_by !== me.user_id) {
      throw new AppError('conflict', 'this request_uuid is already used in the program', {
        reason: 'request_uuid_taken',
        fields: { request_uuid: [fieldProblem('already_used', 'already used in this program')] },
      })
    }
    if (existing.status === 'open')
      return { made: await renewToken(services, ctx, me, existing.id), created: false }
    return { made: { row: existing, token: null }, created: false }
  }
  assertTakesPayments(program)

  const errors: FieldProblems = {}
  const values = new Map<string, string>()
  input.fields.forEach((f, i) => {
    const field = fieldByUuid(f.field_uuid)
    if (!field || !inputFields.includes(field.key)) {
      errors[`fields.${i}.field_uuid`] = [
        fieldProblem('not_input_field', `not an input field; one of ${inputFields.join(', ')}`),
      ]
    } else if (values.has(field.key)) {
      errors[`fields.${i}.field_uuid`] = [fieldProblem('given_twice', 'given twice')]
    } else values.set(field.key, String(f.value).trim())
  })
  const amountText = values.get('payment.amount')
  const amount = amountText && /^[0-9]{1,12}$/.test(amountText) ? BigInt(amountText) : null
  if (amount === null || amount <= 0n || amount > 100_000_000n) {
    errors.amount = [
      fieldProblem(
        amountText ? 'invalid_amount' : 'required',
        'amount is required: a whole number of cents, more than zero, at most 100000000',
        { maximum: 100_000_000 },
      ),
    ]
  }
  const description = values.get('payment.description') ?? ''
  if (!description) errors.description = [fieldProblem('required', 'description is required')]
  else if (description.length > 255)
    errors.description = [fieldProblem('too_long', 'at most 255 characters', { maximum: 255 })]
  const currency = values.get('payment.currency')
  if (currency && currency !== program.currency)
    errors.currency = [
      fieldProblem('not_program_currency', `the program takes ${program.currency}`, {
        currency: program.currency,
      }),
    ]
  const reference = values.get('payment.reference') || null
  if (reference && reference.length > 64)
    errors.reference = [fieldProblem('too_long', 'at most 64 characters', { maximum: 64 })]
  let cashpoint: { uuid: string; title: string; acceptor_user_id: string } | null = null
  const cashpointUuid = values.get('payment.cashpoint')
  if (cashpointUuid) {
    const found = await findCashpoint(db, cashpointUuid)
    const usable =
      found?.program_uuid === program.uuid &&
      found.is_active &&
      (!acceptor || found.acceptor_user_id === me.user_id)
    if (!found || !usable)
      errors.cashpoint = [
        fieldProblem('unknown_cashpoint', 'no such open cashpoint of yours in this program'),
      ]
    else cashpoint = found
  }
  if (Object.keys(errors).length) throw refuse(errors)

  const saving = db.transaction().execute(async (trx) => {
    const callback = input.url
      ? await createEndpoint(trx, config, {
          owner_user_id: program.owner_user_id,
          program_uuid: null,
          url: input.url,
          // Worded by each reader in their language (webhooks' endpoint label codes); the English
          // text stays for logs and API readers.
          description: `Payment request ${input.request_uuid}`.slice(0, 500),
          description_code: 'payment_request',
          description_params: { request_uuid: input.request_uuid },
          ...(input.secret ? { secret: input.secret } : {}),
        })
      : undefined
    const made = await recordRequest(services, ctx, trx, me, {
      source: 'api',
      program,
      cashpoint,
      acceptor_user_id: cashpoint?.acceptor_user_id ?? (acceptor ? me.user_id : null),
      amount: amount as bigint,
      description,
      reference,
      request_uuid: input.request_uuid,
      callback_endpoint_id: callback?.endpoint.id ?? null,
    })
    return { made, secret: callback?.secret }
  })
  const saved = await saving.catch(async (err: unknown) => {
    // The same request_uuid sent twice at once: the first one made it; answer as for a repeat.
    const e = err as { code?: string; constraint?: string }
    if (e?.code !== '23505' || e.constraint !== 'terminal_requests_request_uuid') throw err
    return undefined
  })
  if (!saved) return createPaymentRequest(services, ctx, me, input)
  ctx.log.info(
    { terminal_request_id: saved.made.row.id, program_id: program.uuid, request_uuid: input.request_uuid },
    'payment request created',
  )
  return saved.secret === undefined
    ? { made: saved.made, created: true }
    : { made: saved.made, created: true, secret: saved.secret }
}
