import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedUser } from '../../../tests/support/factories.ts'
import { createMailingTestContext, type MailingTestContext } from '../../../tests/support/mailing.ts'
import { type CapturedEmail, eventually } from '../../../tests/support/smtp.ts'
import type { ErrorBody } from '../../platform/http.ts'
import { hashCode } from './codes.ts'
import { onAcceptorRegistered } from './hooks.ts'

vi.mock('./hooks.ts', () => ({ onAcceptorRegistered: vi.fn(async () => {}) }))

let t: MailingTestContext

beforeAll(async () => {
  t = await createMailingTestContext({ PUBLIC_URL: 'http://localhost:3999' })
})
afterAll(() => t.close())

let n = 0
const newEmail = () => `reg-${Date.now().toString(36)}-${n++}@example.com`
const password = 'Sign-Up-Pass-42'

interface Tokens {
  auth_token: string
  refresh_token: string
  user: { uuid: string; type: number; portal: string; language: string; email: string }
}
type Res = Tokens & ErrorBody & { signup_token: string; email: string; expires_in_minutes: number }

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.h.post<unknown, Res>(`/api/v1${path}`, body, { headers })

const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.envelope.to.includes(email))

/** Waits for the `count`-th e-mail to `email` and reads the 6-digit code from it. */
async function codeFromMail(email: string, count = 1): Promise<{ code: string; mail: CapturedEmail }> {
  const mails = await t.smtp.waitFor((m) => m.envelope.to.includes(email), count)
  const mail = mails[count - 1]!
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1]
  expect(code, 'code in the e-mail').toBeDefined()
  // The e-mail goes out just before the handler's transaction (which stores the hash) commits.
  await eventually(async () => {
    const rows = await t.services.db
      .selectFrom('email_codes')
      .select(['id', 'code_hash'])
      .where('email', '=', email)
      .execute()
    return rows.some((r) => r.code_hash === hashCode(r.id, code!))
  })
  return { code: code!, mail }
}

/** Lets a new code be asked for at once (the cool-down is a minute). */
const pastCooldown = (email: string) =>
  t.services.db
    .updateTable('email_codes')
    .set({ created_at: sql`created_at - interval '2 minutes'` })
    .where('email', '=', email)
    .execute()

const programOwnerDetails = {
  legal_type: 1,
  first_name: 'Anna',
  last_name: 'de Vries',
  company_name: 'Vries Vouchers B.V.',
  company_reg_number: '12345678',
  company_vat_number: 'NL123456789B01',
  company_phone: '201234567',
  company_phone_code: '+31',
  phone: '0612345678',
  phone_code: '+31',
  country: 'nl',
  password,
  password_confirmation: password,
  terms: true,
}

describe('program owner registration', () => {
  it('e-mails a code in the German of Accept-Language, confirms it, creates the account and signs it in', async () => {
    const email = newEmail()
    const step = await post(
      '/user/signup/step_one',
      { email: email.toUpperCase() },
      { 'accept-language': 'de-DE,de;q=0.9' },
    )
    expect(step.status).toBe(202)
    expect(step.body).toMatchObject({ email, expires_in_minutes: 15 })

    const { code, mail } = await codeFromMail(email)
    expect(mail.subject).toBe(`Ihr Bestätigungscode: ${code}`)
    expect(mail.text).toContain('Programmbetreiber')
    expect(mail.text).toContain(
      `http://programs.localhost:3999/registration/confirm?email=${encodeURIComponent(email)}&code=${code}`,
    )
    const stored = await t.services.db
      .selectFrom('email_codes')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(stored.code_hash).not.toContain(code)
    expect(
      JSON.stringify(await t.services.db.selectFrom('outbox').select('payload').execute()),
    ).not.toContain(code)

    const confirmed = await post('/user/signup/code', { email, code })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.signup_token).toMatch(/^[\w-]{40,}$/)

    const done = await post('/user/signup/complete', {
      signup_token: confirmed.body.signup_token,
      ...programOwnerDetails,
    })
    expect(done.status, JSON.stringify(done.body)).toBe(201)
    expect(done.body.user).toMatchObject({ type: 1, portal: 'programs', email, language: 'de' })
    const user = await t.services.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(user).toMatchObject({
      type: 1,
      legal_type: 1,
      company_name: 'Vries Vouchers B.V.',
      phone: '612345678',
      phone_code: '+31',
      company_phone: '201234567',
      country: 'NL',
      language: 'de',
    })
    expect(user.terms_accepted_at).toBeInstanceOf(Date)
    const profile = await t.h.get<{ uuid: string }>('/api/v1/user/profile', { token: done.body.auth_token })
    expect(profile).toMatchObject({ status: 200, body: { uuid: user.id } })
    const login = await post('/auth/login', { email, password, portal: 'programs' })
    expect(login.status).toBe(200)

    // The signup token is single use.
    const again = await post('/user/signup/complete', {
      signup_token: confirmed.body.signup_token,
      ...programOwnerDetails,
    })
    expect(again.status).toBe(400)
    expect(again.body.error).toMatchObject({
      reason: 'link_expired',
      fields: { signup_token: ['link expired'] },
    })
  })

  it('sets cookies instead of answering tokens in cookie mode, and keeps an individual free of company fields', async () => {
    const email = newEmail()
    await post('/user/signup/step_one', { email, language: 'en' })
    const { code } = await codeFromMail(email)
    const { body } = await post('/user/signup/code', { email, code })
    const done = await post(
      '/user/signup/complete',
      { signup_token: body.signup_token, ...programOwnerDetails, legal_type: 2, company_name: undefined },
      { 'x-auth-mode': 'cookie' },
    )
    expect(done.status).toBe(201)
    expect(done.body.auth_token).toBeUndefined()
    expect(done.headers.get('set-cookie')).toContain('cp_at=')
    const user = await t.services.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(user).toMatchObject({ legal_type: 2, company_name: null, company_phone: null, language: 'en' })
  })

  it('counts wrong codes: five times "wrong confirmation code", then the code is dead ("link expired")', async () => {
    const email = newEmail()
    await post('/user/signup/step_one', { email })
    const { code } = await codeFromMail(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const res = await post('/user/signup/code', { email, code: wrong })
      expect(res.status).toBe(400)
      expect(res.body.error).toMatchObject({
        reason: 'wrong_confirmation_code',
        fields: { code: ['wrong confirmation code'] },
      })
    }
    const dead = await post('/user/signup/code', { email, code })
    expect(dead.status).toBe(400)
    expect(dead.body.error).toMatchObject({ reason: 'link_expired', fields: { code: ['link expired'] } })
  })

  it('refuses an expired code with "link expired"; resend ends the old code and mails a new one', async () => {
    const email = newEmail()
    await post('/user/signup/step_one', { email, language: 'nl' })
    const first = await codeFromMail(email)
    expect(first.mail.subject).toBe(`Je bevestigingscode: ${first.code}`)

    const tooSoon = await post('/user/signup/resend', { email })
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body.error.reason).toBe('code_resend_too_soon')
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0)

    await t.services.db
      .updateTable('email_codes')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('email', '=', email)
      .execute()
    const expired = await post('/user/signup/code', { email, code: first.code })
    expect(expired.body.error).toMatchObject({ reason: 'link_expired', fields: { code: ['link expired'] } })

    await pastCooldown(email)
    expect((await post('/user/signup/resend', { email })).status).toBe(202)
    const second = await codeFromMail(email, 2)
    expect(second.mail.subject).toContain('bevestigingscode') // the language it was started in
    if (second.code !== first.code) {
      const old = await post('/user/signup/code', { email, code: first.code })
      expect(old.body.error.reason).toBe('wrong_confirmation_code')
    }
    expect((await post('/user/signup/code', { email, code: second.code })).status).toBe(200)
  })

  it('answers resend for an address that never started with the same 202, sending nothing', async () => {
    const email = newEmail()
    expect((await post('/user/signup/resend', { email })).status).toBe(202)
    await new Promise((r) => setTimeout(r, 300))
    expect(mailsTo(email)).toEqual([])
  })

  it('caps codes per address and hour', async () => {
    const email = newEmail()
    for (let i = 0; i < 5; i++) {
      expect((await post('/user/signup/step_one', { email })).status).toBe(202)
      await pastCooldown(email)
    }
    const capped = await post('/user/signup/step_one', { email })
    expect(capped.status).toBe(429)
    expect(capped.body.error.reason).toBe('code_limit')
  })

  it('says "email already registered" and "cardholder already registered"', async () => {
    const owner = await seedUser(t, { type: 1 })
    const holder = await seedUser(t, { type: 3 })
    const taken = await post('/user/signup/step_one', { email: owner.email.toUpperCase() })
    expect(taken.status).toBe(400)
    expect(taken.body.error).toMatchObject({
      reason: 'email_already_registered',
      fields: { email: ['email already registered'] },
    })
    const cardholder = await post('/user/cardholders/signup/step_one', { email: holder.email })
    expect(cardholder.body.error).toMatchObject({
      reason: 'cardholder_already_registered',
      fields: { email: ['cardholder already registered'] },
    })
    expect(mailsTo(owner.email)).toEqual([])
  })

  it('names bad input with the specification’s messages', async () => {
    const empty = await post('/user/signup/step_one', { email: '' })
    expect(empty.body.error.fields).toEqual({ email: ['email required'] })
    const invalid = await post('/user/signup/step_one', { email: 'anna@' })
    expect(invalid.body.error.fields).toEqual({ email: ['invalid email'] })
    const noCode = await post('/user/signup/code', { email: 'anna@example.com', code: '' })
    expect(noCode.body.error.fields).toEqual({ code: ['confirmation code required'] })
    const details = await post('/user/signup/complete', {
      ...programOwnerDetails,
      signup_token: 'x',
      company_name: '',
      phone: '12',
      password_confirmation: 'Other-Pass-42',
    })
    expect(details.status).toBe(400)
    expect(details.body.error.fields).toMatchObject({
      company_name: ['company name required'],
      phone: ['invalid phone number'],
      password_confirmation: ['passwords do not match'],
    })
    const noTerms = await post('/user/signup/complete', {
      ...programOwnerDetails,
      signup_token: 'x',
      terms: false,
    })
    expect(noTerms.body.error.fields).toEqual({ terms: ['terms must be accepted'] })
  })

  it('refuses a country the platform does not serve, and records interest in it', async () => {
    const email = newEmail()
    await post('/user/signup/step_one', { email })
    const { code } = await codeFromMail(email)
    const { body } = await post('/user/signup/code', { email, code })
    const us = await post('/user/signup/complete', {
      signup_token: body.signup_token,
      ...programOwnerDetails,
      country: 'US',
    })
    expect(us.status).toBe(400)
    expect(us.body.error).toMatchObject({
      reason: 'unsupported_country',
      fields: { country: ['unsupported country'] },
    })
    // The token is not spent by a refused call.
    const nl = await post('/user/signup/complete', {
      signup_token: body.signup_token,
      ...programOwnerDetails,
    })
    expect(nl.status).toBe(201)

    const countries = await t.h.get<{ supported_countries: string[] }>('/api/v1/user/signup/countries')
    expect(countries.body.supported_countries).toEqual(['NL', 'BE', 'DE', 'LU', 'AT', 'FR'])
    for (let i = 0; i < 2; i++)
      expect(
        (await post('/user/signup/unsupported-country', { email: 'Far@Example.com', country: 'us' })).status,
      ).toBe(202)
    const rows = await t.services.db.selectFrom('country_interests').selectAll().execute()
    expect(rows).toEqual([expect.objectContaining({ email: 'far@example.com', country: 'US', user_type: 1 })])
    const served = await post('/user/signup/unsupported-country', { email: 'x@example.com', country: 'NL' })
    expect(served.body.error.reason).toBe('country_supported')
  })
})

describe('card holder registration', () => {
  const details = {
    phone: '+32470123456',
    terms: true,
    first_name: 'Jan',
    last_name: 'Peeters',
    birth_date: '1990-04-21',
    password,
    password_confirmation: password,
  }

  it('goes e-mail, code, phone, terms, names, birth date, gender (male by default), password', async () => {
    const email = newEmail()
    expect((await post('/user/cardholders/signup/step_one', { email, language: 'uk' })).status).toBe(202)
    const { code, mail } = await codeFromMail(email)
    expect(mail.subject).toBe(`Ваш код підтвердження: ${code}`)
    expect(mail.text).toContain('власника картки')
    expect(mail.text).not.toContain('/registration/confirm')
    // A program owner's code call does not know this registration.
    const other = await post('/user/signup/code', { email, code })
    expect(other.body.error.reason).toBe('link_expired')
    const confirmed = await post('/user/cardholders/signup/code', { email, code })
    expect(confirmed.status).toBe(200)
    // Nor does another registration's complete take its token.
    const wrongFlow = await post('/user/signup/complete', {
      signup_token: confirmed.body.signup_token,
      ...programOwnerDetails,
    })
    expect(wrongFlow.body.error.reason).toBe('link_expired')

    const badPhone = await post('/user/cardholders/signup/complete', {
      signup_token: confirmed.body.signup_token,
      ...details,
      phone: '+3247',
    })
    expect(badPhone.body.error.fields).toEqual({ phone: ['invalid phone number'] })
    const done = await post('/user/cardholders/signup/complete', {
      signup_token: confirmed.body.signup_token,
      ...details,
    })
    expect(done.status, JSON.stringify(done.body)).toBe(201)
    expect(done.body.user).toMatchObject({ type: 3, portal: 'cardholder', language: 'uk' })
    const user = await t.services.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(user).toMatchObject({
      type: 3,
      gender: 'male',
      phone: '470123456',
      phone_code: '+32',
      first_name: 'Jan',
    })
    expect(user.birth_date?.toString()).toBeTruthy()

    // Now the e-mail belongs to a card holder.
    const again = await post('/user/cardholders/signup/step_one', { email })
    expect(again.body.error.fields).toEqual({ email: ['cardholder already registered'] })
  })
})

describe('acceptor registration', () => {
  it('registers an acceptor from an invitation and hands the invite token to the programs hook', async () => {
    const email = newEmail()
    expect((await post('/user/acceptor-signup/step_one', { email, language: 'ru' })).status).toBe(202)
    const { code, mail } = await codeFromMail(email)
    expect(mail.subject).toBe(`Ваш код подтверждения: ${code}`)
    const { body } = await post('/user/acceptor-signup/code', { email, code })
    const done = await post('/user/acceptor-signup/complete', {
      signup_token: body.signup_token,
      ...programOwnerDetails,
      country: 'BE',
      invite_token: 'invitation-123',
    })
    expect(done.status, JSON.stringify(done.body)).toBe(201)
    expect(done.body.user).toMatchObject({ type: 2, portal: 'acceptor', language: 'ru' })
    expect(onAcceptorRegistered).toHaveBeenCalledWith(
      expect.anything(),
      done.body.user.uuid,
      'invitation-123',
    )
  })
})
