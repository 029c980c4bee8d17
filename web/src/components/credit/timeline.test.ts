import { describe, expect, it } from 'vitest'
import { type TimelineWords, timelineDetail } from './timeline.ts'

/** The owner's bill timeline, with Dutch words as the Dutch catalog has them. */
const nl: TimelineWords = {
  money: (amount) => `€ ${(amount / 100).toFixed(2).replace('.', ',')}`,
  writtenOff: (amount) => `${amount} afgeschreven`,
  recovered: (amount) => `${amount} van de afschrijving alsnog ontvangen`,
  reason: (reason) => (reason === 'paid' ? 'betaald' : reason),
}

describe('a bill timeline entry’s details', () => {
  it('words what a late payment recovered of an archived bill’s write-off', () => {
    // payment_received on an archived bill: `{amount, recovered}` (modules/credit/commands/payments.ts).
    expect(timelineDetail({ amount: 12_100, recovered: 12_100 }, nl)).toEqual([
      '€ 121,00',
      '€ 121,00 van de afschrijving alsnog ontvangen',
    ])
    expect(timelineDetail({ amount: 500, recovered: 0 }, nl)).toEqual(['€ 5,00'])
  })

  it('words what a refund wrote off, the step, the new due date and a reason', () => {
    expect(timelineDetail({ amount: 300, written_off: 300 }, nl)).toEqual(['€ 3,00', '€ 3,00 afgeschreven'])
    expect(timelineDetail({ step: 'Herinnering', reason: 'paid' }, nl)).toEqual(['Herinnering', 'betaald'])
    expect(timelineDetail({ to: '2026-12-01' }, nl)).toEqual(['→ 2026-12-01'])
    expect(timelineDetail({}, nl)).toEqual([])
  })
})
