import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedUser, signInAs, testPassword } from '../../../tests/support/factories.ts'
import { createMailingTestContext, type MailingTestContext } from '../../../tests/support/mailing.ts'
import { eventually } from '../../../tests/support/smtp.ts'
import type { ErrorBody } from '../../platform/http.ts'
import { hashSecret } from '../tokens.ts'

let t: MailingTestContext

beforeAll(async () => {
  t = await createMailingTestContext({ PUBLIC_URL: 'http://localhost:3999' })
})
afterAll(() => t.close())

const newPassword = 'Brand-New-Pass-7'
const post = (path: string, body: unknown, init: { headers?: Record<string, string>; token?: string } = {}) =>
  t.h.post<unknown, ErrorBody>(`/api/v1${path}`, body, init)

/** Waits for the `count`-th e-mail to `email` and reads the password link from it. */
async function linkFromMail(email: string, count = 1) {
  const mails = await t.smtp.waitFor((m) => m.envelope.to.includes(email), count)
  const mail = mails[count - 1]!
  const url = /(https?:\/\/\S+\/password\?token=[\w-]+)/.exec(mail.text ?? '')?.[1]
  expect(url, 'link in the e-mail').toBeDefined()
  const token = new URL(url!).searchParams.get('token')!
  // The e-mail goes out just before the handler's transaction (which stores the link) commits.
  await eventually(() =>
    t.services.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', hashSecret(token))
      .executeTakeFirst(),
  )
  return { url: new URL(url!), token, mail }
}

describe('forgot password', () => {
  it('e-mails a link to the portal of the account, sets the password once and ends every session', async () => {
    const user = await seedUser(t, { type: 1, first_name: 'Anna', last_name: 'de Vries', language: 'de' })
    const session = await signInAs(t.h, user)

    const asked = await post('/user/password/code', { email: user.email.toUpperCase(), portal: 'programs' })
    expect(asked.status).toBe(202)
    const { url, token, mail } = await linkFromMail(user.email)
    expect(url.origin).toBe('http://programs.localhost:3999')
    expect(url.pathname).toBe('/password')
    expect(mail.subject).toBe('Neues Passwort für Cardpay festlegen') // the account's language
    expect(mail.text).toContain('Guten Tag Anna de Vries')
    const stored = await t.services.db.selectFrom('password_resets').selectAll().execute()
    expect(stored).toEqual([expect.objectContaining({ user_id: user.id, used_at: null })])
    expect(stored[0]!.token_hash).not.toBe(token)
    expect(
      JSON.stringify(await t.services.db.selectFrom('outbox').select('payload').execute()),
    ).not.toContain(token)

    const mismatch = await post('/user/password', {
      token,
      password: newPassword,
      password_confirmation: 'Nope-1234',
    })
    expect(mismatch.body.error.fields).toEqual({ password_confirmation: ['passwords do not match'] })
    const weak = await post('/user/password', { token, password: 'short', password_confirmation: 'short' })
    expect(weak.status).toBe(400)
    expect(weak.body.error.fields?.password).toBeDefined()

    const set = await post('/user/password', {
      token,
      password: newPassword,
      password_confirmation: newPassword,
    })
    expect(set.status).toBe(204)
    // Every session ended: the old access token no longer opens anything, the refresh token is dead.
    expect((await t.h.get('/api/v1/user/profile', { token: session.token })).status).toBe(401)
    expect((await post('/auth/refresh', undefined, { token: session.refresh })).status).toBe(401)
    expect((await post('/auth/login', { email: user.email, password: testPassword })).status).toBe(401)
    expect((await post('/auth/login', { email: user.email, password: newPassword })).status).toBe(200)

    const twice = await post('/user/password', {
      token,
      password: 'Another-Pass-8',
      password_confirmation: 'Another-Pass-8',
    })
    expect(twice.status).toBe(400)
    expect(twice.body.error).toMatchObject({ reason: 'link_expired', fields: { token: ['link expired'] } })
  })

  it('writes in the language asked for, links card holders to their portal, and refuses an expired link', async () => {
    const holder = await seedUser(t, { type: 3, language: 'nl' })
    expect(
      (await post('/user/password/code', { email: holder.email }, { headers: { 'accept-language': 'ru' } }))
        .status,
    ).toBe(202)
    const { url, token, mail } = await linkFromMail(holder.email)
    expect(url.origin).toBe('http://localhost:3999')
    expect(mail.subject).toBe('Новый пароль для Cardpay')
    await t.services.db
      .updateTable('password_resets')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', holder.id)
      .execute()
    const expired = await post('/user/password', {
      token,
      password: newPassword,
      password_confirmation: newPassword,
    })
    expect(expired.body.error).toMatchObject({ reason: 'link_expired', fields: { token: ['link expired'] } })
    const unknown = await post('/user/password', {
      token: 'made-up',
      password: newPassword,
      password_confirmation: newPassword,
    })
    expect(unknown.body.error.reason).toBe('link_expired')
  })

  it('answers 202 for an unknown or disabled e-mail too, sending nothing, and limits every address alike', async () => {
    const disabled = await seedUser(t, { type: 2, is_active: false })
    for (const email of ['nobody@example.com', disabled.email]) {
      const res = await post('/user/password/code', { email })
      expect(res.status).toBe(202)
      const again = await post('/user/password/code', { email })
      expect(again.status).toBe(429)
      expect(again.body.error.reason).toBe('reset_too_soon')
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    await new Promise((r) => setTimeout(r, 500))
    expect(t.smtp.messages.filter((m) => m.envelope.to.includes('nobody@example.com'))).toEqual([])
    expect(t.smtp.messages.filter((m) => m.envelope.to.includes(disabled.email))).toEqual([])
    expect(
      await t.services.db
        .selectFrom('password_resets')
        .selectAll()
        .where('user_id', '=', disabled.id)
        .execute(),
    ).toEqual([])
  })

  it('names a missing or invalid e-mail', async () => {
    expect((await post('/user/password/code', { email: '' })).body.error.fields).toEqual({
      email: ['email required'],
    })
    expect((await post('/user/password/code', { email: 'x@' })).body.error.fields).toEqual({
      email: ['invalid email'],
    })
  })
})

describe('POST /user/password/change', () => {
  it('needs the old password and ends every other session', async () => {
    const user = await seedUser(t, { type: 2 })
    const here = await signInAs(t.h, user)
    const elsewhere = await signInAs(t.h, user)
    const body = { old_password: 'Wrong-Pass-1', password: newPassword, password_confirmation: newPassword }
    const wrong = await post('/user/password/change', body, { token: here.token })
    expect(wrong.body.error.fields).toEqual({ old_password: ['wrong password'] })
    expect((await post('/user/password/change', body)).status).toBe(401)

    const ok = await post(
      '/user/password/change',
      { ...body, old_password: testPassword },
      { token: here.token },
    )
    expect(ok.status).toBe(204)
    expect((await t.h.get('/api/v1/user/profile', { token: here.token })).status).toBe(200)
    expect((await t.h.get('/api/v1/user/profile', { token: elsewhere.token })).status).toBe(401)
    expect((await post('/auth/login', { email: user.email, password: newPassword })).status).toBe(200)
  })
})
