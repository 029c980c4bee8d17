import { paymentFacts } from '../../payments/index.ts'
import type { Services } from '../../platform/module.ts'
import type { Caller } from '../access.ts'
import { requestOf } from '../commands/terminal-requests.ts'
import { toTerminalRequestJson } from '../http/schemas.ts'

/** A request as its screens show it, with its payment's current state (reference, card). */
export async function terminalRequestView(services: Pick<Services, 'db' | 'config'>, me: Caller, id: string) {
  const row = await requestOf(services.db, me, id)
  const p = await paymentFacts(services.db, row.payment_id)
  return toTerminalRequestJson(services.config.PUBLIC_URL, row, {
    payment: {
      reference: p?.reference ?? null,
      status: p?.status ?? null,
      card_brand: p?.card_brand ?? null,
      card_last4: p?.card_last4 ?? null,
    },
  })
}
