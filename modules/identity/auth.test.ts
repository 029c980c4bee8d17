import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { seedUser, signInAs, testPassword } from '../../tests/support/factories.ts'
import type { ErrorBody } from '../platform/http.ts'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext({ env: { TRUST_PROXY: 'true' } })
})
afterAll(() => t.close())

interface Tokens {
  auth_token?: string
  refresh_token?: string
  expires_in: number
  user: { uuid: string; type: number; portal: string }
}

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.h.post<unknown, Tokens & ErrorBody>('/api/v1/auth/login', body, { headers })

describe('POST /auth/login', () => {
  it('answers tokens that open the profile', async () => {
    const user = await seedUser(t, { type: 1 })
    const res = await login({ email: user.email.toUpperCase(), password: testPassword, portal: 'programs' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      user: { uuid: user.id, type: 1, portal: 'programs' },
    })
    const profile = await t.h.get<{ uuid: string }>('/api/v1/user/profile', { token: res.body.auth_token! })
    expect(profile).toMatchObject({ status: 200, body: { uuid: user.id } })
    const validate = await t.h.post('/api/v1/auth/validate', undefined, { token: res.body.auth_token! })
    expect(validate.status).toBe(200)
  })

  it('says "invalid email or password" for a wrong password and for an unknown e-mail alike', async () => {
    const user = await seedUser(t, { type: 3 })
    const wrong = await login({ email: user.email, password: 'Wrong-Pass-1' })
    const unknown = await login({ email: 'nobody@example.com', password: 'Wrong-Pass-1' })
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401)
      expect(res.body.error).toMatchObject({ code: 'unauthorized', message: 'invalid email or password' })
    }
    const history = await t.services.db
      .selectFrom('login_attempts')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute()
    expect(history).toEqual([expect.objectContaining({ success: false, reason: 'wrong_password' })])
  })

  it('names the wrong fields of bad input', async () => {
    const res = await login({ email: 'not-an-email', password: '' })
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({ email: ['invalid email'], password: ['password required'] })
  })

  it('refuses an account of another portal, and a disabled account', async () => {
    const holder = await seedUser(t, { type: 3 })
    const res = await login({ email: holder.email, password: testPassword, portal: 'admin' })
    expect(res.status).toBe(403)
    expect(res.body.error.reason).toBe('wrong_portal')
    const disabled = await seedUser(t, { type: 2, is_active: false })
    const off = await login({ email: disabled.email, password: testPassword })
    expect(off.status).toBe(403)
    expect(off.body.error.reason).toBe('account_disabled')
  })

  it('throttles repeated failures per account and address without locking the real user out elsewhere', async () => {
    const user = await seedUser(t, { type: 1 })
    const attacker = { 'x-forwarded-for': '203.0.113.7' }
    for (let i = 0; i < 5; i++)
      expect((await login({ email: user.email, password: 'Nope-1234' }, attacker)).status).toBe(401)
    const blocked = await login({ email: user.email, password: testPassword }, attacker)
    expect(blocked.status).toBe(429)
    expect(blocked.body.error.reason).toBe('sign_in_throttled')
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800)
    const owner = await login(
      { email: user.email, password: testPassword },
      { 'x-forwarded-for': '198.51.100.4' },
    )
    expect(owner.status).toBe(200)
  })
})

describe('refresh tokens', () => {
  it('rotate, and a reused one revokes the whole family', async () => {
    const user = await seedUser(t, { type: 3 })
    const first = await signInAs(t.h, user)
    const rotated = await t.h.post<unknown, Tokens>('/api/v1/auth/refresh', undefined, {
      token: first.refresh,
    })
    expect(rotated.status).toBe(200)
    expect(rotated.body.refresh_token).not.toBe(first.refresh)

    const replay = await t.h.post<unknown, ErrorBody>('/api/v1/auth/refresh', undefined, {
      token: first.refresh,
    })
    expect(replay.status).toBe(401)
    expect(replay.body.error.reason).toBe('refresh_reused')
    // The thief's replay ends the family: the newest refresh token and the access tokens die too.
    const next = await t.h.post<unknown, ErrorBody>('/api/v1/auth/refresh', undefined, {
      token: rotated.body.refresh_token!,
    })
    expect(next.status).toBe(401)
    const profile = await t.h.get<ErrorBody>('/api/v1/user/profile', { token: rotated.body.auth_token! })
    expect(profile.status).toBe(401)
    expect(profile.body.error.reason).toBe('session_ended')
  })

  it('refuses an access token as a refresh token and garbage as an access token', async () => {
    const user = await seedUser(t, { type: 3 })
    const s = await signInAs(t.h, user)
    expect((await t.h.post('/api/v1/auth/refresh', undefined, { token: s.token })).status).toBe(401)
    const bad = await t.h.get<ErrorBody>('/api/v1/user/profile', { token: `${s.token}x` })
    expect(bad.status).toBe(401)
    expect(bad.body.error.reason).toBe('token_invalid')
  })
})

describe('sessions end', () => {
  it('on sign-out', async () => {
    const user = await seedUser(t, { type: 2 })
    const s = await signInAs(t.h, user)
    expect((await t.h.post('/api/v1/auth/logout', undefined, { token: s.token })).status).toBe(204)
    expect((await t.h.get('/api/v1/user/profile', { token: s.token })).status).toBe(401)
    expect((await t.h.post('/api/v1/auth/refresh', undefined, { token: s.refresh })).status).toBe(401)
  })

  it('everywhere else on a password change, which needs the old password', async () => {
    const user = await seedUser(t, { type: 1 })
    const here = await signInAs(t.h, user)
    const elsewhere = await signInAs(t.h, user)
    const change = { password: 'New-Secret-42', password_confirmation: 'New-Secret-42' }
    const noOld = await t.h.put<unknown, ErrorBody>('/api/v1/user/profile', change, { token: here.token })
    expect(noOld.body.error.fields).toEqual({ old_password: ['old password required'] })
    const wrongOld = await t.h.put<unknown, ErrorBody>(
      '/api/v1/user/profile',
      { ...change, old_password: 'Not-It-123' },
      { token: here.token },
    )
    expect(wrongOld.body.error.fields).toEqual({ old_password: ['wrong password'] })
    const mismatch = await t.h.put<unknown, ErrorBody>(
      '/api/v1/user/profile',
      { ...change, password_confirmation: 'Other-Secret-42', old_password: testPassword },
      { token: here.token },
    )
    expect(mismatch.body.error.fields).toEqual({ password_confirmation: ['passwords do not match'] })

    const ok = await t.h.put(
      '/api/v1/user/profile',
      { ...change, old_password: testPassword },
      { token: here.token },
    )
    expect(ok.status).toBe(200)
    expect((await t.h.get('/api/v1/user/profile', { token: here.token })).status).toBe(200)
    expect((await t.h.get('/api/v1/user/profile', { token: elsewhere.token })).status).toBe(401)
    expect((await login({ email: user.email, password: 'New-Secret-42' })).status).toBe(200)
  })

  it('when the account is disabled', async () => {
    const user = await seedUser(t, { type: 3 })
    const s = await signInAs(t.h, user)
    await t.services.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute()
    expect((await t.h.get('/api/v1/user/profile', { token: s.token })).status).toBe(401)
    expect((await t.h.post('/api/v1/auth/refresh', undefined, { token: s.refresh })).status).toBe(401)
  })
})

describe('the browser app (cookie mode)', () => {
  it('keeps tokens in httpOnly cookies, and needs X-Requested-With to change anything', async () => {
    const user = await seedUser(t, { type: 3 })
    const res = await login({ email: user.email, password: testPassword }, { 'x-auth-mode': 'cookie' })
    expect(res.status).toBe(200)
    expect(res.body.auth_token).toBeUndefined()
    expect(res.body.refresh_token).toBeUndefined()
    const cookies = res.headers.getSetCookie()
    expect(cookies).toEqual([
      expect.stringMatching(/^cp_at=.+; Path=\/; .*HttpOnly; SameSite=Lax/),
      expect.stringMatching(/^cp_rt=.+; Path=\/api\/v1\/auth; .*HttpOnly; SameSite=Strict/),
    ])
    const jar = cookies.map((c) => c.split(';')[0]).join('; ')

    expect((await t.h.get('/api/v1/user/profile', { headers: { cookie: jar } })).status).toBe(200)
    const forged = await t.h.put(
      '/api/v1/user/profile',
      { first_name: 'Mallory' },
      { headers: { cookie: jar } },
    )
    expect(forged.status).toBe(401)
    const real = await t.h.put<unknown, { first_name: string }>(
      '/api/v1/user/profile',
      { first_name: 'Anna' },
      { headers: { cookie: jar, 'x-requested-with': 'cardpay' } },
    )
    expect(real).toMatchObject({ status: 200, body: { first_name: 'Anna' } })

    const refreshed = await t.h.post<unknown, Tokens>('/api/v1/auth/refresh', undefined, {
      headers: { cookie: jar, 'x-requested-with': 'cardpay', 'x-auth-mode': 'cookie' },
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.refresh_token).toBeUndefined()
    expect(refreshed.headers.getSetCookie()).toHaveLength(2)
  })
})
