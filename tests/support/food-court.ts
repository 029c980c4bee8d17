import {
  type Api,
  type Caller,
  expectStatus,
  type Member,
  type Seeding,
  seeding,
  seedMember,
  until,
} from './factories.ts'
import { type SeededRestaurant, seedRestaurant } from './food.ts'
import { createLiveTestContext, type LiveTestContext } from './live.ts'

/**
 * Food court steps the court's tests share (issue 16), through the API as their users take them:
 * the court's payment methods and activation, a restaurant's sandbox onboarding, a basket across
 * restaurants and the guest's checkout details.
 */

export interface CourtWorld {
  t: LiveTestContext
  s: Seeding
  guest: Api
  courtOwner: Member
  /** One owner per restaurant, in the order of `restaurants`. */
  owners: Member[]
  restaurants: SeededRestaurant[]
}

/**
 * The platform live (API, worker, sandbox; a guest may pay often from one address), a court owner
 * and one owner with an active restaurant per company name. Close with `world.t.close()`.
 */
export async function courtWorld(companies: readonly string[]): Promise<CourtWorld> {
  const t = await createLiveTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000' } })
  const s = seeding(t)
  const [courtOwner, ...owners] = await Promise.all(
    ['Hal BV', ...companies].map((company_name) => seedMember(s, 'owner', { legal_type: 1, company_name })),
  )
  const restaurants = await Promise.all(owners.map((o) => seedRestaurant(o)))
  return { t, s, guest: s.guest, courtOwner: courtOwner!, owners, restaurants }
}

/** The court's payment methods at the sandbox, then draftStep3 → active (guests see it). */
export async function activateCourt(owner: Caller, court: string, methods = ['card', 'ideal']) {
  expectStatus(
    await owner.api('POST', '/manager/program-methods', {
      program: court,
      methods: methods.map((method_id) => ({ method_id, provider_id: 'sandbox', is_used: true })),
    }),
    200,
    'court payment methods',
  )
  for (const status of [11004, 11001])
    expectStatus(
      await owner.api('PATCH', `/manager/programs/${court}`, { status }),
      200,
      `court to ${status}`,
    )
}

export interface Onboarding {
  step: number
  status: number
  ccvpay_url: string | null
  ccvpay_status: string
}

/**
 * The restaurant's owner accepts the court's invitation and goes through the sandbox's onboarding
 * page (approved or failed there); answers the onboarding once it is no longer pending.
 */
export async function onboardAtSandbox(
  guest: Api,
  owner: Caller,
  court: string,
  restaurant: string,
  approve = true,
): Promise<Onboarding> {
  const started = expectStatus(
    await owner.api<{ result: Onboarding }>('POST', '/food/ccv-onboarding', {
      food_court: court,
      restaurant_uuid: restaurant,
    }),
    200,
    'start onboarding',
  ).result
  if (started.step !== 3 || !started.ccvpay_url?.includes('/sandbox/onboarding/'))
    throw new Error(`onboarding did not lead to the sandbox: ${JSON.stringify(started)}`)
  const id = started.ccvpay_url.split('/').pop()!
  expectStatus(await guest('POST', `/sandbox/onboarding/${id}`, { approve }), 200, 'sandbox onboarding page')
  return until(async () => {
    const now = expectStatus(
      await owner.api<{ result: Onboarding }>(
        'GET',
        `/food/ccv-onboarding?food_court=${court}&restaurant_uuid=${restaurant}`,
      ),
      200,
      'poll onboarding',
    ).result
    return now.ccvpay_status !== 'pending' && now
  }, 'onboarding settled')
}

/** Puts `quantity` of each restaurant's dish in the session's one basket. */
export async function fillBasket(
  guest: Api,
  session: string,
  lines: readonly (readonly [SeededRestaurant, number])[],
) {
  for (const [r, quantity] of lines)
    expectStatus(
      await guest('PUT', `/food/basket/${session}`, {
        product_id: r.product,
        quantity,
        variant_uuid: null,
        extra_uuids: [],
      }),
      200,
      'basket',
    )
}

/** The guest's details of a court checkout (pay by card). */
export const courtGuest = {
  name: 'Anna de Vries',
  phone: '+31 6 1234 5678',
  email: 'anna@example.com',
  accept_terms: true,
  accept_privacy: true,
  payment_method: 'card',
} as const
