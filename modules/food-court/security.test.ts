import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { expectStatus, joinProgram } from '../../tests/support/factories.ts'
import { seedRestaurant, uploadFoodImage } from '../../tests/support/food.ts'
import {
  type RouteRequest,
  type RouteRule,
  runRouteSecurityTests,
  type Tenants,
} from '../../tests/support/route-security.ts'
import { foodCourtModule } from './index.ts'

/**
 * Every signed-in food court route through the shared harness (docs/access.md): no token 401,
 * another user type 403, another owner's court, invitation or restaurant (or its sub-orders) 404
 * wherever it is named: path, query or body.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface Fixtures {
  court: string
  restaurant: string
  invite: string
}

async function setup({ a }: Tenants): Promise<Fixtures> {
  const image = await uploadFoodImage(a.owner, 'programs')
  const court = expectStatus(
    await a.owner.api<{ result: { uuid: string } }>('POST', '/food/courts', {
      title: 'Tenant A hall',
      description: 'Kitchens',
      image,
      address: 'Hal 1, Amsterdam',
      split_payment_fee_fixed: 50,
    }),
    201,
    'court',
  ).result.uuid
  const restaurant = (await seedRestaurant(a.owner)).uuid
  await joinProgram(a.owner, restaurant, a.acceptor)
  expectStatus(
    await a.owner.api('POST', '/food/invite', { program_uuid: court, restaurant_uuid: restaurant }),
    200,
    'invite',
  )
  const invite = expectStatus(
    await a.owner.api<{ results: { invite_uuid: string }[] }>(
      'GET',
      `/food/invitations?program_uuid=${restaurant}`,
    ),
    200,
    'invitations',
  ).results[0]!.invite_uuid
  return { court, restaurant, invite }
}

type Rule = RouteRule<Fixtures>
const owner = ['owner'] as const
const staff = ['owner', 'acceptor'] as const
const range = { start_date: '2026-01-01', end_date: '2026-01-31' }
/** Tenant B's owner names tenant A's object: 404. */
const asOwner = (request: (f: Fixtures) => RouteRequest) => ({ as: 'owner' as const, request })

const routes: Record<string, Rule> = {
  'GET /food/courts': { roles: owner },
  'POST /food/courts': { roles: owner },
  'GET /food/courts/{uuid}': { roles: owner, foreign: asOwner((f) => ({ params: { uuid: f.court } })) },
  'PATCH /food/courts/{uuid}': {
    roles: owner,
    foreign: asOwner((f) => ({ params: { uuid: f.court }, body: { title: 'Taken over' } })),
  },
  'GET /food/invite': { roles: owner, foreign: asOwner((f) => ({ query: { program_uuid: f.court } })) },
  'POST /food/invite': {
    roles: owner,
    foreign: asOwner((f) => ({ body: { program_uuid: f.court, restaurant_uuid: f.restaurant } })),
  },
  'DELETE /food/invite': {
    roles: owner,
    foreign: asOwner((f) => ({
      query: { program_uuid: f.court, restaurant_uuid: f.restaurant, list: 'all' },
    })),
  },
  'GET /food/invite/count': { roles: owner, foreign: asOwner((f) => ({ query: { program_uuid: f.court } })) },
  'GET /food/invitations': {
    roles: owner,
    foreign: asOwner((f) => ({ query: { program_uuid: f.restaurant } })),
  },
  'GET /food/invitations/{uuid}': { roles: owner, foreign: asOwner((f) => ({ params: { uuid: f.invite } })) },
  'POST /food/invite/{uuid}': {
    roles: owner,
    foreign: asOwner((f) => ({ params: { uuid: f.restaurant }, body: { program_uuid: f.court, status: 3 } })),
  },
  'POST /food/ccv-onboarding': {
    roles: owner,
    foreign: asOwner((f) => ({ body: { food_court: f.court, restaurant_uuid: f.restaurant } })),
  },
  'GET /food/ccv-onboarding': {
    roles: owner,
    foreign: asOwner((f) => ({ query: { food_court: f.court, restaurant_uuid: f.restaurant } })),
  },
  'GET /food/programs/{uuid}/court-orders/{orderUuid}': {
    roles: staff,
    foreign: {
      ...asOwner((f) => ({ params: { uuid: f.restaurant, orderUuid: randomUUID() } })),
      control: false,
    },
  },
  'POST /food/programs/{uuid}/court-orders/{orderUuid}/reject': {
    roles: staff,
    foreign: asOwner((f) => ({ params: { uuid: f.restaurant, orderUuid: randomUUID() } })),
  },
  'GET /food/programs/{uuid}/settlement': {
    roles: staff,
    foreign: asOwner((f) => ({ params: { uuid: f.restaurant }, query: range })),
  },
  'GET /food/courts/{uuid}/settlement': {
    roles: owner,
    foreign: asOwner((f) => ({
      params: { uuid: f.court },
      query: { ...range, restaurant_uuid: f.restaurant },
    })),
  },
  'GET /food/courts/{uuid}/orders': {
    roles: owner,
    foreign: asOwner((f) => ({ params: { uuid: f.court } })),
  },
  'GET /food/courts/{uuid}/orders/{orderUuid}': {
    roles: owner,
    foreign: { ...asOwner((f) => ({ params: { uuid: f.court, orderUuid: randomUUID() } })), control: false },
  },
  'GET /food/courts/{uuid}/daily-totals': {
    roles: owner,
    foreign: asOwner((f) => ({ params: { uuid: f.court } })),
  },
  'GET /food/courts/{uuid}/orders.csv': {
    roles: owner,
    foreign: asOwner((f) => ({ params: { uuid: f.court }, query: range })),
  },
}

runRouteSecurityTests({ context: () => t, module: foodCourtModule, setup, routes })
