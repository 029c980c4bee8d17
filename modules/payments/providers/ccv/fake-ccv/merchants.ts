/**
 * Merchants and split payouts (assumed, see ccv.ts): `POST /api/v1/merchant` boards one,
 * `GET /api/v1/merchant?externalReference=` reads it, and payout instructions of a payment or
 * refund may name only this account's active merchants.
 */
import { randomBytes } from 'node:crypto'
import type { ExactJson } from '../amount.ts'
import {
  amountField,
  badRequest,
  type CcvStore,
  type FakeCcvMerchant,
  type FakePayoutInstruction,
  HttpError,
  type JsonBody,
  optionalString,
  requiredString,
} from './store.ts'

export function boardMerchant(store: CcvStore, owner: string, body: JsonBody): FakeCcvMerchant {
  const reference = requiredString(body, 'reference')
  const existing = store.merchants.get(`${owner}\n${reference}`)
  if (existing) return existing
  const merchant: FakeCcvMerchant = {
    owner,
    reference,
    externalReference: `M${randomBytes(6).toString('hex').toUpperCase()}`,
    name: requiredString(body, 'name'),
    email: requiredString(body, 'email'),
    country: requiredString(body, 'country'),
    returnUrl: requiredString(body, 'returnUrl'),
    status: 'pending',
  }
  store.merchants.set(`${owner}\n${reference}`, merchant)
  return merchant
}

export function findMerchant(
  store: CcvStore,
  owner: string,
  externalReference: string | null,
): FakeCcvMerchant {
  const merchant = [...store.merchants.values()].find(
    (m) => m.owner === owner && m.externalReference === externalReference,
  )
  if (!merchant) throw new HttpError(404, 'not_found', 'Merchant not found')
  return merchant
}

/** CCV finished (or refused) boarding a merchant. */
export function setMerchantStatus(
  store: CcvStore,
  externalReference: string,
  status: FakeCcvMerchant['status'],
): void {
  const merchant = [...store.merchants.values()].find((m) => m.externalReference === externalReference)
  if (!merchant) throw new Error(`no merchant ${externalReference}`)
  merchant.status = status
}

export function merchantJson(m: FakeCcvMerchant) {
  const json: Record<string, unknown> = {
    reference: m.reference,
    externalReference: m.externalReference,
    name: m.name,
    status: m.status,
  }
  if (m.status === 'pending') json.onboardingUrl = `https://onboarding.example.invalid/${m.externalReference}`
  return json
}

/** Payout instructions as given, each to an active merchant of this account. */
export function payoutInstructions(
  store: CcvStore,
  owner: string,
  raw: ExactJson | undefined,
  currency: string,
): FakePayoutInstruction[] | undefined {
  if (raw === undefined || raw === null) return undefined
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest('payoutInstructions must be a non-empty list')
  return raw.map((item): FakePayoutInstruction => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw badRequest('bad payoutInstruction')
    const externalReference = requiredString(item, 'externalReference')
    const merchant = [...store.merchants.values()].find(
      (m) => m.owner === owner && m.externalReference === externalReference,
    )
    if (merchant?.status !== 'active') {
      throw new HttpError(400, 'process_error', `Merchant ${externalReference} is not linked to this account`)
    }
    const amount = amountField(item.amount, currency)
    if (amount <= 0n) throw badRequest('payoutInstruction amount must be positive')
    const part: FakePayoutInstruction = { externalReference, amount }
    const description = optionalString(item, 'description')
    if (description !== undefined) part.description = description
    return part
  })
}
