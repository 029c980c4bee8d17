/** The hosted payment page at `/pay/<reference>`: two buttons, then back to the shop's returnUrl. */
import type { ServerResponse } from 'node:http'
import { toCcvAmount } from '../amount.ts'
import { complete, fail } from './payments.ts'
import type { CcvStore } from './store.ts'

export function hostedPage(
  store: CcvStore,
  method: string,
  url: URL,
  body: string,
  res: ServerResponse,
): void {
  const reference = decodeURIComponent(url.pathname.slice('/pay/'.length))
  const tx = store.transactions.get(reference)
  if (tx?.type !== 'sale') {
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('Unknown payment')
    return
  }
  if (method === 'POST') {
    const action = new URLSearchParams(body).get('action')
    if (tx.status === 'pending') {
      if (action === 'pay') complete(store, reference)
      else fail(store, reference, action === 'cancel' ? 'cancelled' : 'card_refused')
    }
    res.writeHead(303, { location: tx.returnUrl ?? '/' })
    res.end()
    return
  }
  const amount = toCcvAmount(tx.amount, tx.currency.toUpperCase())
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(
    `<!doctype html><title>CCV test payment</title><h1>${escapeHtml(tx.currency.toUpperCase())} ${amount}</h1>` +
      `<p>${escapeHtml(tx.description ?? '')}</p><p>Status: ${tx.status}</p>` +
      `<form method="post"><button name="action" value="pay">Pay</button>` +
      `<button name="action" value="fail">Fail</button><button name="action" value="cancel">Cancel</button></form>`,
  )
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
