/** The pages a person would see at Stripe: Checkout, 3-D Secure, Connect onboarding. */
import type { ServerResponse } from 'node:http'
import { payCheckout } from './checkout-sessions.ts'
import { completeOnboarding } from './connect.ts'
import { authenticate } from './payment-intents.ts'
import type { Obj, StripeStore } from './store.ts'

export function hostedPage(store: StripeStore, method: string, url: URL, body: string, res: ServerResponse) {
  const html = (status: number, content: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><meta charset="utf-8"><title>Fake Stripe</title>${content}`)
  }
  const redirect = (to: string) => {
    res.writeHead(303, { location: to })
    res.end()
  }
  const [, area, id] = url.pathname.match(/^\/(c\/pay|3ds)\/([A-Za-z0-9_]+)$/) ?? []
  if (area === 'c/pay') {
    const session = store.objects.get(id!)
    if (session?.object !== 'checkout.session') return html(404, '<p>Unknown session</p>')
    const done = () => String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id as string)
    if (session.status !== 'open')
      return redirect(session.status === 'complete' ? done() : String(session.cancel_url ?? done()))
    let note = ''
    if (method === 'POST') {
      const form = new URLSearchParams(body)
      if (form.get('action') === 'cancel') return redirect(String(session.cancel_url ?? done()))
      const status = payCheckout(store, session.id as string, {
        method: (form.get('method') as 'card' | 'ideal' | 'paypal' | null) ?? undefined,
        cardNumber: form.get('card_number')?.replace(/\D/g, '') || undefined,
      })
      if (status === 'succeeded') return redirect(done())
      const intent = store.objects.get(String(session.payment_intent))!
      if (status === 'requires_action') return redirect(`${store.url}/3ds/${intent.id}`)
      note = `<p role="alert">${escapeHtml(String((intent.last_payment_error as Obj | null)?.message ?? ''))}</p>`
    }
    const options = (session.payment_method_types as string[]).map((m) => `<option>${m}</option>`).join('')
    return html(
      200,
      `<h1>Pay ${escapeHtml(String(session.currency).toUpperCase())} ${((session.amount_total as number) / 100).toFixed(2)}</h1>${note}
<form method="post"><select name="method">${options}</select>
<input name="card_number" value="4242 4242 4242 4242" autocomplete="off">
<button name="action" value="pay">Pay</button><button name="action" value="cancel">Cancel</button></form>`,
    )
  }
  if (area === '3ds') {
    const intent = store.objects.get(id!)
    if (intent?.object !== 'payment_intent') return html(404, '<p>Unknown payment</p>')
    const outcome = url.searchParams.get('outcome')
    if (intent.status === 'requires_action' && (outcome === 'succeed' || outcome === 'fail')) {
      const redirectTo = (intent.next_action as { redirect_to_url?: { return_url?: string } } | null)
        ?.redirect_to_url
      authenticate(store, intent.id as string, outcome)
      const session = store.sessionOf(intent)
      if (session) return redirect(`${store.url}/c/pay/${session.id}`)
      const back = new URL(redirectTo?.return_url ?? store.url)
      back.searchParams.set('payment_intent', intent.id as string)
      back.searchParams.set(
        'redirect_status',
        (intent.status as string) === 'succeeded' ? 'succeeded' : 'failed',
      )
      return redirect(back.toString())
    }
    return html(
      200,
      `<h1>3-D Secure</h1><a href="?outcome=succeed">Complete</a> <a href="?outcome=fail">Fail</a>`,
    )
  }
  const link = store.links.get(url.pathname)
  if (link) {
    // Following the link stands for filling in Stripe's onboarding forms.
    store.links.delete(url.pathname)
    completeOnboarding(store, link.account)
    return redirect(link.returnUrl)
  }
  html(404, '<p>Not found</p>')
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
