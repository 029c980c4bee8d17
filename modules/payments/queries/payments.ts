import { companyName, displayNames } from '../../identity/index.ts'
import { userTypes } from '../../platform/access.ts'
import type { Actor } from '../../platform/context.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { AppError } from '../../platform/errors.ts'
import { programDirectory } from '../ports.ts'

export type PaymentRow = Awaited<ReturnType<typeof findPaymentRow>> & {}

export async function findPaymentRow(db: DbOrTrx, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Who may see a payment, by user type (the same rule as the transactions list): an admin, any; a
 * program owner, the payments that pay them or that they asked for; an acceptor, those taken at
 * their cashpoints; a card holder, those they paid. Anyone else is told it does not exist.
 */
export function canSee(
  actor: Actor,
  p: Pick<NonNullable<PaymentRow>, 'owner_user_id' | 'created_by' | 'acceptor_user_id' | 'payer_user_id'>,
): boolean {
  if (actor.kind !== 'user') return false
  const me = actor.user_id
  switch (actor.user_type) {
    case userTypes.admin:
      return true
    case userTypes.owner:
      return p.owner_user_id === me || p.created_by === me
    case userTypes.acceptor:
      return p.acceptor_user_id === me
    case userTypes.holder:
      return p.payer_user_id === me
  }
}

/** May refund: an admin, or the program owner the payment pays. */
export function canRefund(
  actor: Actor,
  p: Pick<NonNullable<PaymentRow>, 'owner_user_id' | 'created_by'>,
): boolean {
  if (actor.kind !== 'user') return false
  if (actor.user_type === userTypes.admin) return true
  return (
    actor.user_type === userTypes.owner &&
    (p.owner_user_id === actor.user_id || p.created_by === actor.user_id)
  )
}

export async function paymentVisibleTo(db: DbOrTrx, actor: Actor, id: string) {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await findPaymentRow(db, id) : undefined
  if (!row || !canSee(actor, row)) throw new AppError('not_found', 'payment not found')
  return row
}

export async function paymentDetail(db: DbOrTrx, id: string) {
  const [attempts, refunds] = await Promise.all([
    db
      .selectFrom('payment_attempts')
      .select([
        'id',
        'number',
        'provider',
        'method',
        'status',
        'card_brand',
        'card_last4',
        'fee',
        'failure_code',
        'failure_message',
        'created_at',
      ])
      .where('payment_id', '=', id)
      .orderBy('number')
      .execute(),
    db
      .selectFrom('payment_refunds')
      .select(['id', 'amount', 'currency', 'status', 'kind', 'reason', 'created_at'])
      .where('payment_id', '=', id)
      .orderBy('created_at')
      .execute(),
  ])
  return { attempts, refunds }
}

/** The reference shown to people: PAY-001042. */
export const paymentReference = (number: bigint) => `PAY-${number.toString().padStart(6, '0')}`

/**
 * Who is paid, as the payer sees it: the business fixed when the payment was made
 * (`businessNameFor`); for payments made before that, the receiver's display name.
 */
export async function merchantNameOf(
  db: DbOrTrx,
  p: { merchant_name?: string | null; acceptor_user_id: string | null; owner_user_id: string | null },
): Promise<string> {
  return p.merchant_name || receiverName(db, p)
}

/** The receiver's display name (the acceptor's, else the owner's), else the platform's. */
async function receiverName(
  db: DbOrTrx,
  p: { acceptor_user_id?: string | null; owner_user_id?: string | null },
): Promise<string> {
  const receiver = p.acceptor_user_id ?? p.owner_user_id
  if (!receiver) return platformName
  return (await displayNames(db, [receiver])).get(receiver) || platformName
}

const platformName = 'Cardpay'

/** The cashpoint a payment was asked at (a terminal sale keeps its title in the metadata), if any. */
export const cashpointOf = (metadata: unknown): string | null => {
  const title = (metadata as Record<string, unknown> | null)?.cashpoint_title
  return typeof title === 'string' && title ? title : null
}

/**
 * What the provider's hosted page shows the payer, who may never have seen our checkout: the
 * business and the cashpoint first, then what is paid for (`Bakkerij Piet · Kassa 1: Two loaves`),
 * and the same in the metadata the provider keeps. Names and punctuation only, so no language.
 */
export async function providerFacing(
  db: DbOrTrx,
  p: {
    id: string
    number: bigint
    description: string
    metadata: unknown
    merchant_name?: string | null
    acceptor_user_id: string | null
    owner_user_id: string | null
  },
): Promise<{ description: string; metadata: Record<string, string> }> {
  const merchant = await merchantNameOf(db, p)
  const cashpoint = cashpointOf(p.metadata)
  const whom = cashpoint ? `${merchant} · ${cashpoint}` : merchant
  const what = p.description.trim()
  return {
    description: (what ? `${whom}: ${what}` : whom).slice(0, 255),
    metadata: {
      payment_id: p.id,
      payment_number: String(p.number),
      merchant_name: merchant,
      ...(cashpoint ? { cashpoint_title: cashpoint } : {}),
    },
  }
}

/**
 * The business a payer pays, never the cashier: at a cashpoint the acceptor's company, else the
 * program's title; a payment link outside a program, its owner's name (their company's when they
 * have one); a payment to the platform (card orders), the platform.
 */
export async function businessNameFor(
  db: DbOrTrx,
  p: { acceptor_user_id?: string | null; owner_user_id?: string | null; program_uuid?: string | null },
): Promise<string> {
  if (p.acceptor_user_id) {
    const company = await companyName(db, p.acceptor_user_id)
    if (company) return company
  }
  if (p.program_uuid) {
    const program = await programDirectory.get().find(db, p.program_uuid)
    if (program?.title) return program.title
  }
  return receiverName(db, p)
}
