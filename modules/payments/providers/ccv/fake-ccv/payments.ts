/**
 * Payments: `POST /api/v1/payment`, `GET /api/v1/transaction` (one by reference, or a list by
 * originalReferences/type/merchantOrderReference), and what the payer and CCV do with a payment.
 */
import { randomBytes } from 'node:crypto'
import { payoutInstructions } from './merchants.ts'
import {
  amountField,
  assignOptional,
  badRequest,
  type CcvStore,
  type FakeCcvTransaction,
  type JsonBody,
  optionalString,
  requiredString,
  sum,
} from './store.ts'

const currencies = new Set(['eur', 'usd', 'gbp', 'chf', 'dkk', 'sek', 'nok', 'pln', 'czk'])
const methods = new Set(['ideal', 'card', 'paypal', 'banktransfer', 'applepay', 'googlepay'])

export function createPayment(store: CcvStore, owner: string, body: JsonBody): FakeCcvTransaction {
  const currency = requiredString(body, 'currency')
  if (!currencies.has(currency)) throw badRequest(`Unsupported currency ${currency}`)
  const amount = amountField(body.amount, currency)
  if (amount <= 0n) throw badRequest('amount must be positive')
  const method = requiredString(body, 'method')
  if (!methods.has(method)) throw badRequest(`Unsupported method ${method}`)
  const returnUrl = requiredString(body, 'returnUrl')
  const webhookUrl = optionalString(body, 'webhookUrl')
  if (webhookUrl !== undefined && !webhookUrl.startsWith('https://')) {
    throw badRequest('webhookUrl must be a secure (https) URL')
  }
  const instructions = payoutInstructions(store, owner, body.payoutInstructions, currency)
  if (instructions && sum(instructions) > amount) {
    throw badRequest('payoutInstructions exceed the amount')
  }
  const now = store.tick()
  const reference = `${method[0]!.toUpperCase()}${now}${store.next().toString(16).padStart(4, '0')}${randomBytes(3).toString('hex').toUpperCase()}.F`
  const tx: FakeCcvTransaction = {
    reference,
    owner,
    type: 'sale',
    status: 'pending',
    amount,
    currency,
    method,
    returnUrl,
    paidout: 'no',
    created: now,
    lastUpdate: now,
  }
  assignOptional(tx, body, ['description', 'language', 'merchantOrderReference', 'metadata'])
  if (webhookUrl !== undefined) tx.webhookUrl = webhookUrl
  if (instructions) tx.payoutInstructions = instructions
  store.transactions.set(reference, tx)
  return tx
}

export function readTransactions(store: CcvStore, owner: string, query: URLSearchParams): unknown {
  const reference = query.get('reference')
  if (reference !== null) return store.toJson(store.owned(owner, reference))
  const originals = query.get('originalReferences')?.split(',')
  const type = query.get('type')
  const orderRef = query.get('merchantOrderReference')
  return [...store.transactions.values()]
    .filter(
      (t) =>
        t.owner === owner &&
        (!originals || (t.originalReference !== undefined && originals.includes(t.originalReference))) &&
        (!type || t.type === type) &&
        (!orderRef || t.merchantOrderReference === orderRef),
    )
    .map((t) => store.toJson(t))
}

export function pendingPayment(store: CcvStore, reference: string): FakeCcvTransaction {
  const tx = store.transactions.get(reference)
  if (tx?.type !== 'sale' || tx.status !== 'pending') throw new Error(`no pending payment ${reference}`)
  return tx
}

/** The payer paid on the hosted page. */
export function complete(
  store: CcvStore,
  reference: string,
  card: { brand?: string; maskedPan?: string } = {},
): FakeCcvTransaction {
  const tx = pendingPayment(store, reference)
  if (tx.method === 'card') {
    tx.brand = card.brand ?? 'visa'
    tx.maskedPan = card.maskedPan ?? '4111XXXXXXXX1111'
  }
  return store.settle(tx, 'success')
}

/** The payment failed on the hosted page (`expired` and `cancelled` are failure codes too). */
export function fail(store: CcvStore, reference: string, failureCode = 'card_refused'): FakeCcvTransaction {
  return store.settle(pendingPayment(store, reference), 'failed', failureCode)
}

/** CCV's helpdesk has to look at it. */
export function needManualIntervention(store: CcvStore, reference: string): FakeCcvTransaction {
  const tx = pendingPayment(store, reference)
  tx.status = 'manualintervention'
  tx.lastUpdate = store.tick()
  return tx
}

/** CCV collected the funds and paid the payout instructions out. */
export function markPaidOut(store: CcvStore, reference: string): void {
  const tx = store.transactions.get(reference)
  if (tx?.status !== 'success') throw new Error(`no successful payment ${reference}`)
  tx.paidout = 'yes'
  tx.lastUpdate = store.tick()
}
