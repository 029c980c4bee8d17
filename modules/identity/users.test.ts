import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { type SignedIn, seedUser, signInAs } from '../../tests/support/factories.ts'
import { runRouteSecurityTests, type Tenants } from '../../tests/support/route-security.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { Page } from '../platform/pagination.ts'
import { identityModule } from './index.ts'

let t: TestContext
let admin: SignedIn
let owner: SignedIn
let holder: SignedIn
let acceptor: SignedIn

beforeAll(async () => {
  t = await createTestContext()
  admin = await signInAs(t.h, await seedUser(t, { type: 4, first_name: 'Ada', last_name: 'Admin' }))
  owner = await signInAs(
    t.h,
    await seedUser(t, {
      type: 1,
      email: 'olivia.owner@example.com',
      first_name: 'Olivia',
      last_name: 'Owner',
      phone_code: '+31',
      phone: '612345678',
      legal_type: 1,
      company_name: 'Olivia BV',
      company_phone_code: '+31',
      company_phone: '201234567',
    }),
  )
  holder = await signInAs(
    t.h,
    await seedUser(t, { type: 3, first_name: 'Henk', last_name: 'Holder', phone: '655555555' }),
  )
  acceptor = await signInAs(t.h, await seedUser(t, { type: 2, first_name: 'Anouk', last_name: 'Acceptor' }))
})
afterAll(() => t.close())

type Profile = Record<string, unknown> & { uuid: string; username: string }

describe('profile per portal', () => {
  it('shows the username masked and the company phone for a company', async () => {
    const res = await t.h.get<Profile>('/api/v1/user/profile', { token: owner.token })
    expect(res.body.username).toBe(`ol${'*'.repeat('olivia.owner@example.com'.length - 4)}om`)
    expect(res.body.contact_phone).toEqual({ phone_code: '+31', phone: '201234567' })
    expect(res.body).toHaveProperty('company_name', 'Olivia BV')
    expect(res.body).toHaveProperty('address')
    expect(res.body).not.toHaveProperty('delivery_street')
  })

  it('lets a card holder save delivery fields but not company fields', async () => {
    const refused = await t.h.put<unknown, ErrorBody>(
      '/api/v1/user/profile',
      { company_name: 'Sneaky BV', address: 'Main 1', delivery_street: 'Dam' },
      { token: holder.token },
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields).toEqual({
      company_name: ['not available for your account type'],
      address: ['not available for your account type'],
    })
    const saved = await t.h.put<unknown, Profile>(
      '/api/v1/user/profile',
      {
        delivery_street: 'Damrak',
        delivery_house: '1',
        gender: 'female',
        birth_date: '1990-04-01',
        title: 'Ms',
      },
      { token: holder.token },
    )
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ delivery_street: 'Damrak', birth_date: '1990-04-01', title: 'Ms' })
    expect(saved.body).not.toHaveProperty('company_name')
  })

  it('names each bad field', async () => {
    const res = await t.h.put<unknown, ErrorBody>(
      '/api/v1/user/profile',
      { first_name: '', title: 'Sir', birth_date: '2999-01-01', url: 'ftp://x', password: 'short' },
      { token: owner.token },
    )
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(
      ['birth_date', 'first_name', 'password', 'title', 'url'].sort(),
    )
  })

  it('refuses without a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/user/profile'],
      ['PUT', '/api/v1/user/profile'],
      ['GET', '/api/v1/user/profile/login-history'],
      ['GET', '/api/v1/user/profile/sessions'],
      ['GET', '/api/v1/user/users'],
      ['POST', '/api/v1/user/profile/avatar'],
    ] as const) {
      const res = await t.h.request(method, path)
      expect(res.status, `${method} ${path}`).toBe(401)
    }
  })
})

describe('login history and sessions', () => {
  it('lists attempts with device, and ends a chosen session', async () => {
    const user = await seedUser(t, { type: 2 })
    await t.h.post('/api/v1/auth/login', { email: user.email, password: 'Wrong-Pass-1' })
    const phone = await t.h.post<unknown, { auth_token: string }>(
      '/api/v1/auth/login',
      { email: user.email, password: user.password },
      {
        headers: {
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1',
        },
      },
    )
    const laptop = await signInAs(t.h, user)

    const history = await t.h.get<Page<{ success: boolean; device: string }>>(
      '/api/v1/user/profile/login-history',
      {
        token: laptop.token,
      },
    )
    expect(history.body.count).toBe(3)
    expect(history.body.results.map((r) => r.success)).toEqual([true, true, false])
    expect(history.body.results[1]!.device).toMatch(/Safari.*iPhone/)

    const sessions = await t.h.get<{ uuid: string; current: boolean }[]>('/api/v1/user/profile/sessions', {
      token: laptop.token,
    })
    expect(sessions.body).toHaveLength(2)
    const other = sessions.body.find((s) => !s.current)!
    expect(
      (await t.h.delete(`/api/v1/user/profile/sessions/${other.uuid}`, { token: laptop.token })).status,
    ).toBe(204)
    expect((await t.h.get('/api/v1/user/profile', { token: phone.body.auth_token })).status).toBe(401)
    expect((await t.h.get('/api/v1/user/profile', { token: laptop.token })).status).toBe(200)
  })

  it('cannot end another user’s session', async () => {
    const sessions = await t.h.get<{ uuid: string }[]>('/api/v1/user/profile/sessions', {
      token: owner.token,
    })
    const res = await t.h.delete(`/api/v1/user/profile/sessions/${sessions.body[0]!.uuid}`, {
      token: holder.token,
    })
    expect(res.status).toBe(404)
    expect((await t.h.get('/api/v1/user/profile', { token: owner.token })).status).toBe(200)
  })
})

describe('admin users', () => {
  it('filters by type, name, e-mail and phone with the pagination wrapper', async () => {
    const all = await t.h.get<Page<{ type: number }>>('/api/v1/user/users?size=2', { token: admin.token })
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ size: 2, previous: null })
    expect(all.body.count).toBeGreaterThanOrEqual(4)
    expect(all.body.next).toContain('page=2')

    const po = await t.h.get<Page<{ type: number }>>('/api/v1/user/users?type=po', { token: admin.token })
    expect(po.body.results.every((u) => u.type === 1)).toBe(true)
    const byName = await t.h.get<Page<{ uuid: string }>>('/api/v1/user/users?name=olivia%20ow', {
      token: admin.token,
    })
    expect(byName.body.results.map((u) => u.uuid)).toEqual([owner.userId])
    const byEmail = await t.h.get<Page<{ uuid: string }>>('/api/v1/user/users?email=OLIVIA.OWNER', {
      token: admin.token,
    })
    expect(byEmail.body.results.map((u) => u.uuid)).toEqual([owner.userId])
    const byPhone = await t.h.get<Page<{ uuid: string }>>('/api/v1/user/users?phone=655-555', {
      token: admin.token,
    })
    expect(byPhone.body.results.map((u) => u.uuid)).toEqual([holder.userId])
    const bad = await t.h.get<ErrorBody>('/api/v1/user/users?type=vip&page=0', { token: admin.token })
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['page', 'type'])
  })

  it('is refused to every other portal', async () => {
    for (const who of [owner, acceptor, holder]) {
      const res = await t.h.get<ErrorBody>('/api/v1/user/users', { token: who.token })
      expect(res.status).toBe(403)
      expect(res.body.error.reason).toBe('wrong_user_type')
      const patch = await t.h.patch(
        `/api/v1/user/users/${holder.userId}`,
        { is_active: false },
        { token: who.token },
      )
      expect(patch.status).toBe(403)
    }
  })

  it('shows others only the public profile, the admin everything', async () => {
    const publicView = await t.h.get<Profile>(`/api/v1/user/users/${owner.userId}`, { token: holder.token })
    expect(publicView.body).toMatchObject({ full_name: 'Olivia Owner', company_name: 'Olivia BV' })
    for (const hidden of ['email', 'phone', 'address', 'username', 'company_phone']) {
      expect(publicView.body).not.toHaveProperty(hidden)
    }
    const adminView = await t.h.get<Profile>(`/api/v1/user/users/${owner.userId}`, { token: admin.token })
    expect(adminView.body).toMatchObject({ email: 'olivia.owner@example.com', phone: '612345678' })
    expect((await t.h.get(`/api/v1/user/users/${crypto.randomUUID()}`, { token: admin.token })).status).toBe(
      404,
    )
  })

  it('disables a user, which ends their sessions, and cannot disable itself', async () => {
    const victim = await seedUser(t, { type: 3 })
    const s = await signInAs(t.h, victim)
    const res = await t.h.patch<unknown, { is_active: boolean }>(
      `/api/v1/user/users/${victim.id}`,
      { is_active: false },
      { token: admin.token },
    )
    expect(res).toMatchObject({ status: 200, body: { is_active: false } })
    expect((await t.h.get('/api/v1/user/profile', { token: s.token })).status).toBe(401)
    const self = await t.h.patch<unknown, ErrorBody>(
      `/api/v1/user/users/${admin.userId}`,
      { is_active: false },
      { token: admin.token },
    )
    expect(self.status).toBe(422)
  })
})

describe('avatar', () => {
  const upload = (body: Blob, name: string, token = owner.token) => {
    const form = new FormData()
    form.append('avatar', body, name)
    return t.h.request<Profile & ErrorBody>('POST', '/api/v1/user/profile/avatar', { raw: form, token })
  }

  it('stores a PNG as a 360×360 JPG served under the profile', async () => {
    const png = await sharp({ create: { width: 800, height: 500, channels: 4, background: '#4d7cfe' } })
      .png()
      .toBuffer()
    const res = await upload(new Blob([png], { type: 'image/png' }), 'me.png')
    expect(res.status).toBe(200)
    const url = res.body.avatar as string
    expect(url).toMatch(/^\/api\/v1\/user\/avatars\/.+\.jpg$/)
    const img = await t.h.get<string>(url)
    expect(img.status).toBe(200)
    expect(img.headers.get('content-type')).toBe('image/jpeg')
    const served = await t.app.request(url)
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 360, height: 360 })
  })

  it('refuses other types and files over 1 MB, whatever their name says', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    const wrongType = await upload(new Blob([gif], { type: 'image/png' }), 'fake.png')
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.error.fields).toEqual({ avatar: ['the image must be a JPG or PNG'] })
    const big = await upload(new Blob([Buffer.alloc(1024 * 1024 + 1)], { type: 'image/jpeg' }), 'big.jpg')
    expect(big.status).toBe(400)
    expect(big.body.error.fields).toEqual({ avatar: ['the image must be at most 1 MB'] })
    const none = await t.h.request<ErrorBody>('POST', '/api/v1/user/profile/avatar', {
      raw: new FormData(),
      token: owner.token,
    })
    expect(none.status).toBe(400)
  })
})

/**
 * Tenant A's identity objects for the route security harness: the sessions of tenant A's owner
 * and card holder (a user's sessions are theirs alone; another user's session id is 404).
 */
interface IdentityObjects {
  ownerSession: string
  holderSession: string
}
async function identityObjects({ a }: Tenants): Promise<IdentityObjects> {
  const current = async (who: Tenants['a']['owner']) => {
    const res = await who.api<{ uuid: string; current: boolean }[]>('GET', '/user/profile/sessions')
    const session = res.body.find((s) => s.current)
    if (res.status !== 200 || !session) throw new Error(`sessions: ${res.status} ${JSON.stringify(res.body)}`)
    return session.uuid
  }
  return { ownerSession: await current(a.owner), holderSession: await current(a.holder) }
}
const everyone = 'any' as const

runRouteSecurityTests<IdentityObjects>({
  context: () => t,
  module: identityModule,
  setup: identityObjects,
  routes: {
    'POST /auth/validate': { roles: everyone },
    'POST /auth/logout': { roles: everyone, endsSession: true },
    'GET /user/profile': { roles: everyone },
    'PUT /user/profile': { roles: everyone },
    'POST /user/profile/avatar': { roles: everyone },
    'GET /user/profile/login-history': { roles: everyone },
    'GET /user/profile/sessions': { roles: everyone },
    'DELETE /user/profile/sessions': { roles: everyone },
    'DELETE /user/profile/sessions/{uuid}': {
      roles: everyone,
      foreign: [
        { as: 'owner', request: (o) => ({ params: { uuid: o.ownerSession } }) },
        { as: 'holder', request: (o) => ({ params: { uuid: o.holderSession } }) },
      ],
    },
    'POST /user/password/change': { roles: everyone },
    // A public profile is for every signed-in user to read (spec section 7, `GET users/{uuid}`).
    'GET /user/users/{uuid}': { roles: everyone },
    'GET /user/users': { roles: ['admin'] },
    'PATCH /user/users/{uuid}': { roles: ['admin'] },
  },
})
