import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { seedUser, signInAs } from '../../tests/support/factories.ts'

/**
 * Card-testing limits on the public payment calls (issue 12, item 1): keyed on what identifies
 * abuse (the payment, the card, the payer's device), with a much higher ceiling per address, so
 * payers behind one shop Wi-Fi are not locked out together. A refused try spends nothing.
 * Each test's payers share one client address of its own (X-Forwarded-For, behind a trusted proxy).
 */

let t: TestContext
let owner: { token: string }

beforeAll(async () => {
  t = await createTestContext({
    env: {
      PAY_LIMIT_PER_PAYMENT: '5',
      PAY_LIMIT_PER_CARD: '3',
      PAY_LIMIT_PER_DEVICE: '4',
      PAY_LIMIT_PER_ADDRESS: '40',
      TRUST_PROXY: 'true',
    },
  })
  owner = await signInAs(t.h, await seedUser(t, { type: 1, legal_type: 1, company_name: 'Bakkerij Jansen' }))
})
afterAll(() => t.close())

const link = async () =>
  (
    await t.h.post<unknown, { uuid: string }>(
      '/api/v1/payment/payments',
      { amount: 500, description: 'Brood' },
      { token: owner.token },
    )
  ).body.uuid

let address = '203.0.113.1'
const at = (n: number) => {
  address = `203.0.113.${n}`
}

/** A payer's browser: the cookie the checkout gives it. */
async function device(paymentId: string): Promise<string> {
  const res = await t.h.get(`/api/v1/payment/checkout/${paymentId}`, {
    headers: { 'x-forwarded-for': address },
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cp_payer='))
  expect(cookie).toMatch(/HttpOnly/i)
  return (cookie as string).split(';')[0] as string
}

/** A valid card number of its own (Luhn), unknown to the sandbox: declined there. */
function anyCard(): string {
  const digits = Array.from({ length: 15 }, (_, i) => (i === 0 ? 4 : Math.floor(Math.random() * 10)))
  const sum = digits
    .slice()
    .reverse()
    .reduce((acc, d, i) => acc + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0)
  const all = [...digits, (10 - (sum % 10)) % 10].join('')
  return all.replace(/(\d{4})(?=\d)/g, '$1 ')
}

const declined = (paymentId: string, cookie?: string, number = anyCard()) =>
  t.h.post<unknown, { error: { reason?: string } }>(
    '/api/v1/payment/pay',
    {
      order_uuid: paymentId,
      payment_type: 'card',
      card_number: number,
      exp_month: 4,
      exp_year: 31,
      cvc: '123',
    },
    { headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) } },
  )

describe('limits on trying to pay', () => {
  it('lets many payers behind one address pay, each within their own device limit', async () => {
    at(1)
    // Ten payers, each on their own phone and their own payment, three tries each: 30 from one address.
    for (let i = 0; i < 10; i++) {
      const id = await link()
      const phone = await device(id)
      for (let k = 0; k < 3; k++) expect((await declined(id, phone)).status).toBe(400)
    }
  })

  it('refuses a fifth try from one device with 429, Retry-After and the reason, and counts no refused try', async () => {
    at(2)
    const phone = await device(await link())
    for (let k = 0; k < 4; k++) expect((await declined(await link(), phone)).status).toBe(400)
    // Refused tries spend nothing: after ten of them the other limits still have room.
    for (let k = 0; k < 10; k++) expect((await declined(await link(), phone)).status).toBe(429)
    const refused = await declined(await link(), phone)
    expect(refused.status).toBe(429)
    expect(refused.body.error.reason).toBe('rate_limited')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another phone on the same address is not affected.
    const other = await declined(await link(), await device(await link()))
    expect(other.status).toBe(400)
  })

  it('refuses one card tried on a fourth payment, whatever device it comes from', async () => {
    at(3)
    const number = anyCard()
    for (let i = 0; i < 3; i++)
      expect((await declined(await link(), await device(await link()), number)).status).toBe(400)
    const refused = await declined(await link(), await device(await link()), number)
    expect(refused.status).toBe(429)
  })

  it('refuses a sixth try on one payment, from any device', async () => {
    at(4)
    const id = await link()
    for (let i = 0; i < 5; i++) expect((await declined(id, await device(id))).status).toBe(400)
    expect((await declined(id, await device(id))).status).toBe(429)
  })

  it('keeps a ceiling per address: a 41st try from one address within ten minutes is refused', async () => {
    at(5)
    for (let i = 0; i < 40; i++)
      expect((await declined(await link(), await device(await link()))).status).toBe(400)
    expect((await declined(await link(), await device(await link()))).status).toBe(429)
    at(6)
    expect((await declined(await link(), await device(await link()))).status).toBe(400)
  })
})
