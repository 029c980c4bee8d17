import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import {
  type Member,
  type Seeding,
  sandboxCard,
  seedAcceptor,
  seedCashpoint,
  seeding,
  seedMember,
  seedProgram,
} from '../../tests/support/factories.ts'

/**
 * The payer sees whom they pay (issue 12, item 4): the business, never the cashier. At a cashpoint
 * the acceptor's company, else the program's title, with the cashpoint; a payment link, its
 * owner's company. The same name on the checkout, the provider's page and the transaction lists.
 */

let t: TestContext
let s: Seeding
let owner: Member
let program: string

beforeAll(async () => {
  t = await createTestContext()
  s = seeding(t)
  owner = await seedMember(s, 'owner', { legal_type: 1, company_name: 'Olivia Holding BV' })
  program = (await seedProgram(owner, 'payment', { title: 'Koffiebar De Hoek' })).uuid
})
afterAll(() => t.close())

async function askAtCashpoint(acceptor: Member, cashpointTitle: string) {
  return (await saleAtCashpoint(acceptor, cashpointTitle)).payment.uuid
}

/** A terminal sale: its payment and the QR link's token. */
async function saleAtCashpoint(acceptor: Member, cashpointTitle: string) {
  const cashpoint = await seedCashpoint(acceptor, program, cashpointTitle)
  const res = await acceptor.api<{ result: { payment: { uuid: string }; token: string } }>(
    'POST',
    '/manager/terminal-requests',
    {
      cashpoint,
      amount: 450,
      description: 'Cappuccino',
    },
  )
  expect(res.status).toBe(201)
  return res.body.result
}

const qrPreview = async (token: string) =>
  (await t.h.get<{ merchant: string; cashpoint: string | null }>(`/api/v1/payment/qr-pay?token=${token}`))
    .body

const checkout = async (id: string) =>
  (await t.h.get<{ merchant: string; cashpoint: string | null }>(`/api/v1/payment/checkout/${id}`)).body

describe('whom the payer pays', () => {
  it('names the program, not the cashier, when the acceptor has no company, and the cashpoint', async () => {
    const acceptor = await seedAcceptor(s, owner, program, {
      first_name: 'Arjen',
      last_name: 'Acceptor',
      company_name: null,
    })
    const sale = await saleAtCashpoint(acceptor, 'Kassa 1')
    // The QR code's page says the same as the checkout it leads to.
    expect(await qrPreview(sale.token)).toMatchObject({ merchant: 'Koffiebar De Hoek', cashpoint: 'Kassa 1' })
    expect(await checkout(sale.payment.uuid)).toMatchObject({
      merchant: 'Koffiebar De Hoek',
      cashpoint: 'Kassa 1',
    })
  })

  it('names the acceptor’s company when they have one, on the checkout, the provider page and the lists', async () => {
    const acceptor = await seedAcceptor(s, owner, program, {
      legal_type: 1,
      company_name: 'Broodjeszaak Piet',
    })
    const id = await askAtCashpoint(acceptor, 'Toonbank')
    expect(await checkout(id)).toMatchObject({ merchant: 'Broodjeszaak Piet', cashpoint: 'Toonbank' })
    const paid = await s.guest<{ status: string }>('POST', '/payment/pay', { order_uuid: id, ...sandboxCard })
    expect(paid.body.status).toBe('paid')
    const sandbox = await t.services.db
      .selectFrom('sandbox_payments')
      .select(['metadata', 'description'])
      .where(
        'reference',
        'in',
        t.services.db
          .selectFrom('payment_attempts')
          .select(sql<string>`id::text`.as('id'))
          .where('payment_id', '=', id),
      )
      .executeTakeFirstOrThrow()
    expect(sandbox.metadata).toMatchObject({
      merchant_name: 'Broodjeszaak Piet',
      cashpoint_title: 'Toonbank',
    })
    // A real provider's page shows only the description: the shop and the cashpoint lead it.
    expect(sandbox.description).toBe('Broodjeszaak Piet · Toonbank: Cappuccino')
    const list = await acceptor.api<{
      results: { uuid: string; payment_uuid: string; merchant: string | null; cashpoint: string | null }[]
    }>('GET', '/payment/transactions')
    const row = list.body.results.find((r) => r.payment_uuid === id)
    expect(row).toMatchObject({ merchant: 'Broodjeszaak Piet', cashpoint: 'Toonbank' })
    const detail = await acceptor.api<{ merchant: string; cashpoint: string | null }>(
      'GET',
      `/payment/transactions/${row?.uuid}`,
    )
    expect(detail.body).toMatchObject({ merchant: 'Broodjeszaak Piet', cashpoint: 'Toonbank' })
  })

  it('names the owner’s company on a payment link outside a program', async () => {
    const link = await owner.api<{ uuid: string }>('POST', '/payment/payments', {
      amount: 990,
      description: 'Taart',
    })
    expect((await checkout(link.body.uuid)).merchant).toBe('Olivia Holding BV')
  })
})
