import { describe, expect, it } from 'vitest'
import { type DescriptionWords, entryDescription, paymentDescription, sourceTarget } from './descriptions.ts'
import type { MainPath } from './navigation.ts'

/**
 * The rendering of described texts, with Dutch words as the web's Dutch catalog has them (the
 * catalog test checks every translation is there): codes and their parameters become the reader's
 * words, anything that does not fit falls back to the stored text.
 */
const nl: DescriptionWords = {
  cardOrder: (quantity, program) => `${quantity} ${quantity === 1 ? 'kaart' : 'kaarten'} — ${program}`,
  creditBill: (number) => `Rekening ${number}`,
  foodOrder: (number) => `Bestelling ${number}`,
  foodCourtOrder: (court) => `Bestelling bij ${court}`,
  paymentCaptured: (reference, description) => `Betaling ${reference}: ${description}`,
  paymentDuplicateCaptured: (reference, description) =>
    `Dubbele afschrijving, betaling ${reference}: ${description}`,
  paymentFee: (reference) => `Providerkosten, betaling ${reference}`,
  paymentRefunded: (reference) => `Terugbetaling van betaling ${reference}`,
  paymentDuplicateRefunded: (reference) => `Dubbele afschrijving terugbetaald, betaling ${reference}`,
  paymentPayout: (reference) => `Uitbetaling van betaling ${reference}`,
  cardOrderIssued: (number, quantity) => `Kaartbestelling ${number}: ${quantity} kaarten uitgegeven`,
  cardRedeemed: (number, amount) => `Kaartbesteding ${number}: ${amount} afgeschreven`,
  cardRedeemedWithForfeit: (number, amount, forfeited) =>
    `Kaartbesteding ${number}: ${amount} afgeschreven, ${forfeited} vervallen`,
  cardRedemptionReversed: (number, amount) => `Kaartbesteding ${number} teruggedraaid: ${amount} terug`,
  entryReversal: (journal, number) => `Correctie van ${journal}boeking ${number}`,
  billIssued: (number) => `Rekening ${number} uitgeschreven`,
  billPenalty: (number) => `Rekening ${number}: boete van een herinnering`,
  billPaid: (number) => `Rekening ${number} betaald`,
  billRefunded: (number) => `Rekening ${number}: betaling terugbetaald`,
  billWrittenOff: (number) => `Rekening ${number} gearchiveerd: openstaand bedrag afgeschreven`,
  billWriteOffReversed: (number) =>
    `Rekening ${number} gearchiveerd: betaling ontvangen, afschrijving teruggedraaid`,
  billRefundWrittenOff: (number) => `Rekening ${number} gearchiveerd: terugbetaald bedrag afgeschreven`,
  foodOrderPaid: (number) => `Bestelling ${number} betaald`,
  courtPartPaid: (number) => `Foodcourt-deelbestelling ${number} betaald`,
  courtPartSaleReversed: (number) => `Foodcourt-deelbestelling ${number} geweigerd: verkoop teruggedraaid`,
  courtPartPaidOut: (number) => `Foodcourt-deelbestelling ${number} uitbetaald`,
  courtPartRefunded: (number) => `Foodcourtbestelling ${number}: deel terugbetaald, terug van het restaurant`,
}
const journals: Record<string, string> = { sales: 'verkoop', cards: 'kaarten' }
const journalName = (code: string) => journals[code] ?? code
const entry = (
  description_code: string | null,
  description_params: Record<string, unknown>,
  description = 'Stored',
) => entryDescription({ description, description_code, description_params }, nl, 'nl', journalName)
/** Intl puts a no-break space between the euro sign and the amount. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

const payment = '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e1f'
const program = '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e20'

describe('a payment’s description', () => {
  it('words a card order in the reader’s language, with its count', () => {
    const order = (quantity: number) =>
      paymentDescription(
        {
          description: `${quantity} cards — Kerstbonnen`,
          description_code: 'card_order',
          description_params: { quantity, program_title: 'Kerstbonnen' },
        },
        nl,
      )
    expect(order(3)).toBe('3 kaarten — Kerstbonnen')
    expect(order(1)).toBe('1 kaart — Kerstbonnen')
  })

  it('words a food order with its number', () => {
    const described = { description: 'Order 12', description_code: 'food_order' }
    expect(paymentDescription({ ...described, description_params: { number: 12 } }, nl)).toBe('Bestelling 12')
    expect(paymentDescription({ ...described, description_params: { number: '12' } }, nl)).toBe('Order 12')
    expect(
      paymentDescription(
        {
          description: 'Food court order — De Hallen',
          description_code: 'food_court_order',
          description_params: { court_title: 'De Hallen' },
        },
        nl,
      ),
    ).toBe('Bestelling bij De Hallen')
  })

  it('shows typed words as typed, and the stored text for an unknown code or parameters that do not fit', () => {
    expect(paymentDescription({ description: 'Appeltaart', description_code: null }, nl)).toBe('Appeltaart')
    expect(paymentDescription({ description: 'Appeltaart' }, nl)).toBe('Appeltaart')
    expect(
      paymentDescription(
        { description: 'New thing', description_code: 'gift_wrap', description_params: {} },
        nl,
      ),
    ).toBe('New thing')
    expect(
      paymentDescription(
        { description: '3 cards — X', description_code: 'card_order', description_params: { quantity: '3' } },
        nl,
      ),
    ).toBe('3 cards — X')
  })
})

describe('a ledger entry’s description', () => {
  it('words a capture with the payment’s own description, coded or typed', () => {
    const captured = (description: unknown) =>
      entry('payment.captured', { reference: 'PAY-000042', payment, description })
    expect(
      captured({
        code: 'card_order',
        params: { quantity: 24, program_title: 'Cadeaubon' },
        text: '24 cards — Cadeaubon',
      }),
    ).toBe('Betaling PAY-000042: 24 kaarten — Cadeaubon')
    expect(captured({ code: null, params: {}, text: 'Taart' })).toBe('Betaling PAY-000042: Taart')
    expect(captured('not an object')).toBe('Stored')
    expect(
      entry('payment.duplicate_captured', {
        reference: 'PAY-000042',
        description: { code: null, params: {}, text: 'Taart' },
      }),
    ).toBe('Dubbele afschrijving, betaling PAY-000042: Taart')
  })

  it('words fees, refunds and payouts by the payment’s reference', () => {
    expect(entry('payment.fee', { reference: 'PAY-000042', payment })).toBe(
      'Providerkosten, betaling PAY-000042',
    )
    expect(entry('payment.refunded', { reference: 'PAY-000042' })).toBe(
      'Terugbetaling van betaling PAY-000042',
    )
    expect(entry('payment.duplicate_refunded', { reference: 'PAY-000042' })).toBe(
      'Dubbele afschrijving terugbetaald, betaling PAY-000042',
    )
    expect(entry('payment.payout', { reference: 'PAY-000042' })).toBe('Uitbetaling van betaling PAY-000042')
    expect(entry('payment.fee', {})).toBe('Stored')
  })

  it('writes card amounts in the language’s notation, and what was forfeited only when something was', () => {
    const money = (...args: Parameters<typeof entry>) => plain(entry(...args))
    expect(money('card.redeemed', { number: 7, amount: 1000, forfeited: 0, currency: 'EUR', program })).toBe(
      'Kaartbesteding 7: € 10,00 afgeschreven',
    )
    expect(
      money('card.redeemed', { number: 7, amount: 1000, forfeited: 1500, currency: 'EUR', program }),
    ).toBe('Kaartbesteding 7: € 10,00 afgeschreven, € 15,00 vervallen')
    expect(money('card.redemption_reversed', { number: 7, amount: 123456, currency: 'EUR' })).toBe(
      'Kaartbesteding 7 teruggedraaid: € 1.234,56 terug',
    )
    expect(money('card.redeemed', { number: 7, amount: 10.5, currency: 'EUR' })).toBe('Stored')
    expect(money('card_order.issued', { number: 12, quantity: 3 })).toBe(
      'Kaartbestelling 12: 3 kaarten uitgegeven',
    )
  })

  it('names the journal of the entry a reversal corrects', () => {
    expect(entry('entry.reversal', { journal: 'sales', number: 12, entry: payment })).toBe(
      'Correctie van verkoopboeking 12',
    )
  })

  it('words what a card holder or a guest pays: a bill by its number, an order by its number', () => {
    const pay = (description_code: string, description_params: Record<string, unknown>) =>
      paymentDescription({ description: 'Stored', description_code, description_params }, nl)
    expect(pay('credit_bill', { number: 'ABCDEF-12' })).toBe('Rekening ABCDEF-12')
    expect(pay('food_order', { number: 42 })).toBe('Bestelling 42')
    expect(pay('food_order', {})).toBe('Stored')
  })

  it('words a credit bill’s entries by the bill’s number (the stored text was English on Dutch pages)', () => {
    expect(entry('credit_bill.issued', { number: 2 })).toBe('Rekening 2 uitgeschreven')
    expect(entry('credit_bill.penalty', { number: 2 })).toBe('Rekening 2: boete van een herinnering')
    expect(entry('credit_bill.paid', { number: 2 })).toBe('Rekening 2 betaald')
    expect(entry('credit_bill.refunded', { number: 2 })).toBe('Rekening 2: betaling terugbetaald')
    expect(entry('credit_bill.written_off', { number: 2 })).toBe(
      'Rekening 2 gearchiveerd: openstaand bedrag afgeschreven',
    )
    expect(entry('food_order.paid', { number: 31 })).toBe('Bestelling 31 betaald')
    expect(entry('credit_bill.paid', {})).toBe('Stored')
    // The full number as its payment says it ("Rekening WZMGGR-1"), on every bill entry.
    expect(entry('credit_bill.issued', { number: 'WZMGGR-1' })).toBe('Rekening WZMGGR-1 uitgeschreven')
    expect(entry('credit_bill.paid', { number: 'WZMGGR-1' })).toBe('Rekening WZMGGR-1 betaald')
    expect(entry('credit_bill.written_off', { number: 'WZMGGR-1' })).toBe(
      'Rekening WZMGGR-1 gearchiveerd: openstaand bedrag afgeschreven',
    )
  })

  it('words an archived bill’s later write-off changes and the food court’s entries (English-only before)', () => {
    expect(entry('credit_bill.write_off_reversed', { number: 4 })).toBe(
      'Rekening 4 gearchiveerd: betaling ontvangen, afschrijving teruggedraaid',
    )
    expect(entry('credit_bill.refund_written_off', { number: 4 })).toBe(
      'Rekening 4 gearchiveerd: terugbetaald bedrag afgeschreven',
    )
    expect(entry('food_court_part.paid', { number: 8 })).toBe('Foodcourt-deelbestelling 8 betaald')
    expect(entry('food_court_part.sale_reversed', { number: 8 })).toBe(
      'Foodcourt-deelbestelling 8 geweigerd: verkoop teruggedraaid',
    )
    expect(entry('food_court_part.paid_out', { number: 8 })).toBe('Foodcourt-deelbestelling 8 uitbetaald')
    expect(entry('food_court.part_refunded', { number: 3 })).toBe(
      'Foodcourtbestelling 3: deel terugbetaald, terug van het restaurant',
    )
    expect(entry('food_court.part_refunded', {}, 'Food court order 3: …')).toBe('Food court order 3: …')
  })

  it('shows the stored text without a code, or with one it does not know', () => {
    expect(entry(null, {}, 'Order 17 paid')).toBe('Order 17 paid')
    expect(entry('payment.teleported', { reference: 'PAY-1' }, 'Teleported')).toBe('Teleported')
  })
})

describe('an entry’s source', () => {
  const everywhere = (_path: MainPath) => true
  const target = (kind: string, id: string, params: Record<string, unknown> = {}, has = everywhere) =>
    sourceTarget({ source: { kind, id }, description_params: params }, has)
  const attempt = '0193a7c2-5b1e-7c3a-9f1e-2a4b6c8d0e99'

  it('links a capture, fee or payout to its payment, a refund and a card order to themselves', () => {
    expect(target('payment.captured', attempt, { payment })).toEqual({
      screen: '/transactions',
      to: '/transactions/$uuid',
      uuid: payment,
    })
    expect(target('payment.fee', attempt, { payment })?.uuid).toBe(payment)
    expect(target('payment.payout', attempt, { payment })?.uuid).toBe(payment)
    expect(target('payment.refund', attempt)?.uuid).toBe(attempt)
    expect(target('card_order.issued', payment)).toMatchObject({ to: '/transactions/$uuid', uuid: payment })
  })

  it('links card spending to its program and a reversal to the entry it corrects', () => {
    expect(target('card.redeemed', attempt, { program })).toMatchObject({
      to: '/programs/$uuid',
      uuid: program,
    })
    expect(target('card.redemption-reversed', attempt, { program })?.uuid).toBe(program)
    expect(target('reversal', payment)).toMatchObject({ to: '/finances/journals/$uuid', uuid: payment })
  })

  it('links nowhere the portal has no screen for, nor without the ids it needs', () => {
    expect(target('reversal', payment, {}, (path) => path !== '/finances')).toBeNull()
    expect(target('payment.captured', attempt)).toBeNull()
    expect(target('payment.captured', attempt, { payment: 'PAY-1' })).toBeNull()
    expect(target('e2e.payment', attempt, { payment })).toBeNull()
  })
})
