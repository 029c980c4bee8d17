import { randomBytes } from 'node:crypto'
import { type ExactJson, fromCcvAmount, parseExactJson, rawJsonNumber, toCcvAmount } from '../amount.ts'

export type FakeCcvStatus = 'pending' | 'success' | 'failed' | 'manualintervention'

export interface FakePayoutInstruction {
  externalReference: string
  amount: bigint
  description?: string
}

export interface FakeCcvTransaction {
  reference: string
  /** The API key (account) that created it. */
  owner: string
  type: 'sale' | 'refund'
  status: FakeCcvStatus
  failureCode?: string
  amount: bigint
  currency: string
  method: string
  description?: string
  language?: string
  merchantOrderReference?: string
  returnUrl?: string
  webhookUrl?: string
  metadata?: string
  brand?: string
  maskedPan?: string
  originalReference?: string
  payoutInstructions?: FakePayoutInstruction[]
  paidout: 'yes' | 'no'
  created: number
  lastUpdate: number
  statusFinalDate?: number
}

export interface FakeCcvMerchant {
  owner: string
  reference: string
  externalReference: string
  name: string
  email: string
  country: string
  returnUrl: string
  status: 'pending' | 'active' | 'rejected'
}

/** A JSON request body, numbers kept as their source text. */
export type JsonBody = Record<string, ExactJson>

/**
 * The fake's memory, shared by its resources (payments.ts, refunds.ts, merchants.ts), which take it
 * as their first argument: transactions and merchants in memory, and the clock of their updates.
 */
export class CcvStore {
  readonly transactions = new Map<string, FakeCcvTransaction>()
  readonly merchants = new Map<string, FakeCcvMerchant>()
  /** Status a new refund gets (CCV's iDEAL example answers success at once). */
  readonly refundStatus: 'success' | 'pending'
  /** The server's base URL, once it listens. */
  base = ''
  #counter = 0

  constructor(refundStatus: 'success' | 'pending') {
    this.refundStatus = refundStatus
  }

  /** A number for the next reference, distinct within this fake. */
  next(): number {
    this.#counter += 1
    return this.#counter
  }

  tick(): number {
    // Strictly increasing, so two changes in one millisecond still differ in lastUpdate.
    const last = Math.max(0, ...[...this.transactions.values()].map((t) => t.lastUpdate))
    return Math.max(Date.now(), last + 1)
  }

  settle(tx: FakeCcvTransaction, status: 'success' | 'failed', failureCode?: string) {
    tx.status = status
    if (failureCode) tx.failureCode = failureCode
    tx.lastUpdate = this.tick()
    tx.statusFinalDate = tx.lastUpdate
    return tx
  }

  /** A transaction of this account (API key); another account's is not found. */
  owned(owner: string, reference: string): FakeCcvTransaction {
    const tx = this.transactions.get(reference)
    if (!tx || tx.owner !== owner) throw new HttpError(404, 'not_found', 'Transaction not found')
    return tx
  }

  /** A transaction as CCV writes it: amounts are JSON numbers with two decimals, times epoch ms. */
  toJson(tx: FakeCcvTransaction): Record<string, unknown> {
    const money = (v: bigint) => rawJsonNumber(toCcvAmount(v, tx.currency.toUpperCase()))
    const json: Record<string, unknown> = {
      reference: tx.reference,
      type: tx.type,
      status: tx.status,
      amount: money(tx.amount),
      currency: tx.currency,
      method: tx.method,
      created: tx.created,
      lastUpdate: tx.lastUpdate,
      paidout: tx.paidout,
    }
    if (tx.type === 'sale') json.payUrl = `${this.base}/pay/${encodeURIComponent(tx.reference)}`
    for (const k of [
      'description',
      'language',
      'merchantOrderReference',
      'returnUrl',
      'metadata',
      'failureCode',
      'brand',
      'originalReference',
      'statusFinalDate',
    ] as const) {
      if (tx[k] !== undefined) json[k] = tx[k]
    }
    json.details = tx.maskedPan ? { maskedPan: tx.maskedPan } : {}
    if (tx.payoutInstructions) {
      json.payoutInstructions = tx.payoutInstructions.map((p) => ({ ...p, amount: money(p.amount) }))
    }
    return json
  }
}

/** An error answer in CCV's shape `{type, message, reference}`. */
export class HttpError extends Error {
  readonly status: number
  readonly body: Record<string, unknown>
  constructor(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.body = { type, message, reference: randomBytes(4).toString('hex'), ...extra }
  }
}

export const badRequest = (message: string) => new HttpError(400, 'invalid_request', message)

const twoDecimals = /^\d+(\.\d{1,2})?$/

export function jsonObject(body: string): JsonBody {
  let parsed: ExactJson
  try {
    parsed = parseExactJson(body)
  } catch {
    throw badRequest('Body is not valid JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('Body must be an object')
  return parsed
}

export function requiredString(body: JsonBody, field: string): string {
  const v = body[field]
  if (typeof v !== 'string' || v === '') throw badRequest(`${field} is required`)
  return v
}

export function optionalString(body: JsonBody, field: string): string | undefined {
  const v = body[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw badRequest(`${field} must be a string`)
  return v
}

/** CCV takes an amount as a number or a numeric string with at most two decimals. */
export function amountField(v: ExactJson | undefined, currency: string): bigint {
  if (typeof v !== 'string' || !twoDecimals.test(v)) throw badRequest('amount must have at most two decimals')
  return fromCcvAmount(v, currency.toUpperCase())
}

export function sum(parts: FakePayoutInstruction[]): bigint {
  return parts.reduce((s, p) => s + p.amount, 0n)
}

export function assignOptional(
  tx: FakeCcvTransaction,
  body: JsonBody,
  fields: ('description' | 'language' | 'merchantOrderReference' | 'metadata')[],
): void {
  for (const f of fields) {
    const v = optionalString(body, f)
    if (v !== undefined) tx[f] = v
  }
}
