import { afterAll, beforeAll } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { expectStatus, joinProgram } from '../../tests/support/factories.ts'
import { placeFoodOrder, seedRestaurant } from '../../tests/support/food.ts'
import {
  type ForeignCheck,
  type RouteRule,
  runRouteSecurityTests,
  type Tenants,
} from '../../tests/support/route-security.ts'
import { foodModule } from './index.ts'

/**
 * Every signed-in food route through the shared harness (docs/access.md): no token 401, another
 * user type 403, another owner's restaurant (or an acceptor with no place in it) 404 wherever it
 * is named: path, query or body.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface Fixtures {
  program: string
  category: string
  product: string
  announcement: string
  /** An active restaurant of tenant A with a guest's order. */
  shop: string
  order: string
}

async function setup({ a, s }: Tenants): Promise<Fixtures> {
  const restaurant = await seedRestaurant(a.owner, { status: 'draft' })
  await joinProgram(a.owner, restaurant.uuid, a.acceptor)
  const announcement = expectStatus(
    await a.owner.api<{ result: { uuid: string } }>('POST', '/food/announcements', {
      program_uuid: restaurant.uuid,
      announcement: 'Tenant A only',
    }),
    201,
    'announcement',
  ).result.uuid
  const shop = await seedRestaurant(a.owner)
  await joinProgram(a.owner, shop.uuid, a.acceptor)
  const { order } = await placeFoodOrder(s.guest, shop)
  return {
    shop: shop.uuid,
    order,
    program: restaurant.uuid,
    category: restaurant.category,
    product: restaurant.product,
    announcement,
  }
}

type Rule = RouteRule<Fixtures>
const owner = ['owner'] as const
const staff = ['owner', 'acceptor'] as const
/** Tenant B's owner and acceptor both name tenant A's object: 404 to each. */
const foreign = (request: ForeignCheck<Fixtures>['request']) =>
  (['owner', 'acceptor'] as const).map((as) => ({ as, request }))

const routes: Record<string, Rule> = {
  'GET /food/programs': { roles: staff },
  'POST /food/programs': { roles: owner },
  'GET /food/programs/{uuid}': { roles: staff, foreign: foreign((f) => ({ params: { uuid: f.program } })) },
  'PATCH /food/programs/{uuid}': {
    roles: owner,
    foreign: {
      as: 'owner',
      request: (f) => ({ params: { uuid: f.program }, body: { title: 'Taken over' } }),
    },
  },
  'POST /food/programs/images': { roles: owner },
  'GET /food/categories': { roles: staff, foreign: foreign((f) => ({ query: { program_uuid: f.program } })) },
  'POST /food/categories': {
    roles: staff,
    foreign: foreign((f) => ({ body: { program_uuid: f.program, title: 'Mine' } })),
  },
  'PATCH /food/categories/{id}': {
    roles: staff,
    foreign: foreign((f) => ({ params: { id: f.category }, body: { title: 'Mine' } })),
  },
  'DELETE /food/categories/{id}': { roles: staff, foreign: foreign((f) => ({ params: { id: f.category } })) },
  'GET /food/products': { roles: staff, foreign: foreign((f) => ({ query: { program_uuid: f.program } })) },
  'POST /food/products': {
    roles: staff,
    foreign: foreign((f) => ({
      body: {
        category_uuid: f.category,
        title: 'Mine',
        description: 'Mine',
        price: 1,
        quantity: 1,
        unit: 'piece',
      },
    })),
  },
  'PATCH /food/products/{id}': {
    roles: staff,
    foreign: foreign((f) => ({ params: { id: f.product }, body: { title: 'Mine' } })),
  },
  'DELETE /food/products/{id}': { roles: staff, foreign: foreign((f) => ({ params: { id: f.product } })) },
  'POST /food/products/images': { roles: staff },
  'POST /food/products/order': {
    roles: staff,
    foreign: foreign((f) => ({
      body: { program_uuid: f.program, order: [{ category_uuid: f.category, index: 3 }] },
    })),
  },
  'POST /food/terms-and-conditions': { roles: owner },
  'POST /food/privacy': { roles: owner },
  'GET /food/theme': { roles: staff },
  'GET /food/branding': {
    roles: owner,
    foreign: { as: 'owner', request: (f) => ({ query: { program_uuid: f.program } }) },
  },
  // Multipart: tenant B's owner naming tenant A's program is checked in food.test.ts.
  'POST /food/branding': { roles: owner },
  'GET /food/announcements': {
    roles: staff,
    foreign: foreign((f) => ({ query: { program_uuid: f.program } })),
  },
  'POST /food/announcements': {
    roles: staff,
    foreign: foreign((f) => ({ body: { program_uuid: f.program, announcement: 'Mine' } })),
  },
  'PUT /food/announcements/{id}': {
    roles: staff,
    foreign: foreign((f) => ({ params: { id: f.announcement }, body: { announcement: 'Mine' } })),
  },
  'DELETE /food/announcements/{id}': {
    roles: staff,
    foreign: foreign((f) => ({ params: { id: f.announcement } })),
  },
  // Ordering: the restaurant's order books and kitchen board.
  'GET /food/programs/{uuid}/orders': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop }, query: { active_view: 'true' } })),
  },
  'GET /food/programs/{uuid}/orders/events': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop } })).map((c) => ({ ...c, control: false as const })),
  },
  'GET /food/programs/{uuid}/orders/{orderUuid}': {
    roles: staff,
    foreign: [
      ...foreign((f) => ({ params: { uuid: f.shop, orderUuid: f.order } })),
      // Tenant B's own restaurant naming tenant A's order: still 404.
    ],
  },
  'PATCH /food/programs/{uuid}/orders/{orderUuid}/status': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop, orderUuid: f.order }, body: { status: 'kitchen' } })),
  },
  'GET /food/programs/{uuid}/daily-totals': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop } })),
  },
  'GET /food/programs/{uuid}/orders.csv': {
    roles: staff,
    foreign: foreign((f) => ({
      params: { uuid: f.shop },
      query: { start_date: '2026-01-01', end_date: '2026-01-31' },
    })),
  },
  'GET /food/programs/{uuid}/pause': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop } })),
  },
  'GET /food/programs/{uuid}/orders/{orderUuid}/receipt': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop, orderUuid: f.order } })),
  },
  'POST /food/programs/{uuid}/counter-orders': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop }, body: { lines: [], payment: 'cash' } })),
  },
  'POST /food/programs/{uuid}/counter-orders/{orderUuid}/payment': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop, orderUuid: f.order } })),
  },
  'POST /food/programs/{uuid}/counter-orders/{orderUuid}/cash': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop, orderUuid: f.order } })),
  },
  'PATCH /food/programs/{uuid}/pause': {
    roles: staff,
    foreign: foreign((f) => ({ params: { uuid: f.shop }, body: { minutes: 10 } })),
  },
}

runRouteSecurityTests({ context: () => t, module: foodModule, setup, routes })
