import { afterAll, beforeAll } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { issueBill, seedCreditProgram } from '../../tests/support/credit.ts'
import { runRouteSecurityTests, type Tenants } from '../../tests/support/route-security.ts'
import { zonedDate } from '../platform/dates.ts'
import { creditModule } from './index.ts'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface CreditObjects {
  program: string
  step: string
  bill: string
  holder: string
}

const due = () =>
  new Date(Date.parse(`${zonedDate(new Date(), 'Europe/Amsterdam')}T12:00:00Z`) + 10 * 86_400_000)
    .toISOString()
    .slice(0, 10)

/** Tenant A's credit program with a one-step ladder and a bill to tenant A's card holder. */
async function setup({ a }: Tenants): Promise<CreditObjects> {
  const { uuid, steps } = await seedCreditProgram(a.owner, { steps: [{ days: 3 }] })
  const bill = await issueBill(a.owner, uuid, a.holder.id, { due_date: due() })
  return { program: uuid, step: steps[0]!, bill: bill.uuid, holder: a.holder.id }
}

const item = { description: 'x', quantity: 1, unit_price: 100, vat: 'high' }

runRouteSecurityTests<CreditObjects>({
  context: () => t,
  module: creditModule,
  setup,
  routes: {
    'GET /manager/reminders': {
      roles: ['owner', 'admin'],
      foreign: { as: 'owner', request: (o) => ({ query: { program: o.program } }) },
    },
    'POST /manager/reminders': {
      roles: ['owner'],
      foreign: {
        as: 'owner',
        request: (o) => ({
          body: {
            program: o.program,
            title: 'x',
            subject: 'x',
            text: 'x',
            time: { sender_type: 2, value: 1 },
          },
        }),
      },
    },
    'PATCH /manager/reminders/{uuid}': {
      roles: ['owner'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.step }, body: { title: 'Taken over' } }) },
    },
    'DELETE /manager/reminders/{uuid}': {
      roles: ['owner'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.step } }) },
    },
    'GET /manager/reminders/preview': {
      roles: ['owner', 'admin'],
      foreign: {
        as: 'owner',
        request: (o) => ({ query: { program: o.program, due_date: '2027-01-05', amount: '1000' } }),
      },
    },
    'PATCH /manager/reminder-settings/{uuid}': {
      roles: ['owner'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.program }, body: { is_formal: true } }) },
    },
    'PATCH /manager/reminder-periods/{uuid}': {
      roles: ['owner'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.step }, body: { send_time: '10:00' } }) },
    },
    'POST /manager/bills': {
      roles: ['owner'],
      foreign: {
        as: 'owner',
        request: (o) => ({ body: { program: o.program, holder: o.holder, due_date: due(), items: [item] } }),
      },
    },
    'POST /manager/bills/import': {
      roles: ['owner'],
      foreign: {
        as: 'owner',
        request: (o) => ({
          body: {
            program: o.program,
            csv: `holder_email,due_date,description,unit_price,vat\nx@example.com,${due()},x,1,high\n`,
          },
        }),
      },
    },
    'GET /manager/bills': {
      roles: ['owner', 'admin'],
      foreign: { as: 'owner', request: (o) => ({ query: { program: o.program } }) },
    },
    'GET /manager/bills/{uuid}': {
      roles: ['owner', 'admin'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.bill } }) },
    },
    'PATCH /manager/bills/{uuid}': {
      roles: ['owner'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.bill }, body: { due_date: due() } }) },
    },
    'POST /manager/bills/{uuid}/archive': {
      roles: ['owner'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.bill }, body: { reason: 'not mine' } }) },
    },
    'GET /manager/bills/{uuid}/preview': {
      roles: ['owner', 'admin'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.bill } }) },
    },
    'GET /manager/bills/{uuid}/invoice': {
      roles: ['owner', 'admin'],
      foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.bill } }) },
    },
    'GET /manager/bill-statistics': {
      roles: ['owner', 'admin'],
      foreign: { as: 'owner', request: (o) => ({ query: { program: o.program } }) },
    },
    'GET /user/cardholders/autocomplete': { roles: ['owner'] },
    'POST /user/cardholders/create': { roles: ['owner'] },
    'GET /payment/bills': { roles: ['holder'] },
    'GET /payment/bills/{uuid}': {
      roles: ['holder'],
      foreign: { as: 'holder', request: (o) => ({ params: { uuid: o.bill } }) },
    },
    'GET /payment/bills/{uuid}/invoice': {
      roles: ['holder'],
      foreign: { as: 'holder', request: (o) => ({ params: { uuid: o.bill } }) },
    },
    'POST /payment/bills/{uuid}/payment': {
      roles: ['holder'],
      foreign: { as: 'holder', request: (o) => ({ params: { uuid: o.bill } }) },
    },
  },
})
