import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SignedIn, seedUser, signInAs } from '../../tests/support/factories.ts'
import { createMailingTestContext, type MailingTestContext } from '../../tests/support/mailing.ts'
import { type CapturedEmail, eventually } from '../../tests/support/smtp.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { Page } from '../platform/pagination.ts'
import { acceptorStatuses as A, programStatuses as S, programTypes as T } from './codes.ts'
import { isActiveAcceptor } from './index.ts'
import { hashInviteToken } from './invite-tokens.ts'

let t: MailingTestContext
let owner: SignedIn
let otherOwner: SignedIn
let admin: SignedIn
let holder: SignedIn
let program: string

beforeAll(async () => {
  t = await createMailingTestContext({ PUBLIC_URL: 'http://localhost:3999' })
  const o = await seedUser(t, { type: 1, language: 'de', legal_type: 1, company_name: 'Markt GmbH' })
  owner = await signInAs(t.h, o)
  otherOwner = await signInAs(t.h, await seedUser(t, { type: 1 }))
  admin = await signInAs(t.h, await seedUser(t, { type: 4 }))
  holder = await signInAs(t.h, await seedUser(t, { type: 3 }))
  program = await activePaymentProgram(owner)
})
afterAll(() => t.close())

const api = (path: string) => `/api/v1/manager${path}`
let n = 0
const newEmail = () => `acc-${Date.now().toString(36)}-${n++}@example.com`

interface Membership {
  uuid: string
  email: string
  status: { id: number; title: string; description: string }
  program: { uuid: string; title: string; status: { id: number }; owner: { name: string } }
  acceptor: { uuid: string; name: string } | null
  sent: string | null
  cashpoints?: { uuid: string; title: string; is_active: boolean }[]
}
type Res = { result: Membership } & ErrorBody

async function activePaymentProgram(who: SignedIn, title = 'Weekly market') {
  const created = await t.h.post<unknown, { result: { uuid: string } }>(
    api('/programs'),
    { type: T.paymentManagement, title },
    { token: who.token },
  )
  const uuid = created.body.result.uuid
  await t.h.post(
    api('/program-methods'),
    { program: uuid, methods: [{ method_id: 'card', provider_id: 'sandbox', is_used: true }] },
    { token: who.token },
  )
  for (const status of [S.draftStep2, S.draftStep3, S.active]) {
    const res = await t.h.patch(api(`/programs/${uuid}`), { status }, { token: who.token })
    expect(res.status).toBe(200)
  }
  return uuid
}

const invite = (email: string, who = owner, to = program) =>
  t.h.post<unknown, Res>(api('/program-acceptors'), { program: to, email }, { token: who.token })
const answer = (who: SignedIn, id: string, what: 'accept' | 'decline', body?: Record<string, unknown>) =>
  t.h.post<unknown, Res>(api(`/program-acceptors/${id}/${what}`), body, { token: who.token })

/** The invitation e-mail to `email` (the `count`-th), its link, and the token once stored. */
async function invitationMail(
  email: string,
  count = 1,
): Promise<{ mail: CapturedEmail; url: URL; token: string }> {
  const mails = await t.smtp.waitFor((m) => m.envelope.to.includes(email), count)
  const mail = mails[count - 1]!
  const link = /http:\/\/acceptor\.localhost:3999\/[^\s<>")\]]+/.exec(mail.text ?? '')?.[0]
  expect(link, 'link in the e-mail').toBeDefined()
  const url = new URL(link!)
  const token = url.searchParams.get('invite')!
  // The e-mail goes out just before the handler's transaction (which stores the token) commits.
  await eventually(async () => {
    const row = await t.services.db
      .selectFrom('program_acceptors')
      .select('token_hash')
      .where(sql<string>`lower(email)`, '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
    return row?.token_hash === hashInviteToken(token)
  })
  return { mail, url, token }
}

const details = (password: string) => ({
  legal_type: 1,
  first_name: 'Piet',
  last_name: 'Bakker',
  company_name: 'Bakkerij Piet',
  phone: '0612345678',
  phone_code: '+31',
  country: 'nl',
  password,
  password_confirmation: password,
  terms: true,
})

/** Registers an acceptor through the API as the invitation link's page would, with its token. */
async function registerAcceptor(email: string, inviteToken?: string): Promise<SignedIn> {
  expect((await t.h.post('/api/v1/user/acceptor-signup/step_one', { email })).status).toBe(202)
  const [mail] = await t.smtp.waitFor(
    (m) => m.envelope.to.includes(email) && /\b\d{6}\b/.test(m.subject ?? ''),
  )
  const code = /\b(\d{6})\b/.exec(mail!.subject ?? '')![1]!
  const confirmed = await eventually(async () => {
    const res = await t.h.post<unknown, { signup_token: string }>('/api/v1/user/acceptor-signup/code', {
      email,
      code,
    })
    return res.status === 200 ? res.body : undefined
  })
  const password = 'Accept-Pass-42'
  const done = await t.h.post<unknown, { auth_token: string; refresh_token: string; user: { uuid: string } }>(
    '/api/v1/user/acceptor-signup/complete',
    {
      signup_token: confirmed!.signup_token,
      ...details(password),
      ...(inviteToken ? { invite_token: inviteToken } : {}),
    },
  )
  expect(done.status, JSON.stringify(done.body)).toBe(201)
  return { token: done.body.auth_token, refresh: done.body.refresh_token, userId: done.body.user.uuid }
}

const myPrograms = async (who: SignedIn, query = '') =>
  (await t.h.get<Page<Membership>>(api(`/acceptor-programs${query}`), { token: who.token })).body

describe('inviting a new acceptor', () => {
  it('e-mails the inviter’s language with a registration link; registering attaches the invitation; the acceptor accepts', async () => {
    const email = newEmail()
    const sent = await invite(email.toUpperCase())
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect(sent.body.result).toMatchObject({
      email,
      status: { id: A.pending, title: 'pending' },
      program: { uuid: program, title: 'Weekly market', owner: { name: 'Markt GmbH' } },
      acceptor: null,
    })

    // No account for this address: the owner's language (German) and the registration.
    const { mail, url, token } = await invitationMail(email)
    expect(mail.subject).toBe('Markt GmbH lädt Sie zum Programm Weekly market ein')
    expect(url.pathname).toBe('/registration')
    expect(token).toMatch(/^[\w-]{43}$/)
    const stored = await t.services.db
      .selectFrom('program_acceptors')
      .selectAll()
      .where('id', '=', sent.body.result.uuid)
      .executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ sent_count: 1, token_hash: hashInviteToken(token) })
    expect(
      JSON.stringify(await t.services.db.selectFrom('outbox').select('payload').execute()),
    ).not.toContain(token)

    const acceptor = await registerAcceptor(email, token)
    const [place] = (await myPrograms(acceptor)).results
    expect(place).toMatchObject({
      uuid: sent.body.result.uuid,
      status: { id: A.pending },
      acceptor: { uuid: acceptor.userId, name: 'Bakkerij Piet' },
      program: { uuid: program, status: { id: S.active } },
      cashpoints: [],
    })
    expect(await isActiveAcceptor(t.services.db, program, acceptor.userId)).toBe(false)

    const accepted = await answer(acceptor, place!.uuid, 'accept')
    expect(accepted.status).toBe(200)
    expect(accepted.body.result.status).toMatchObject({ id: A.active, title: 'active' })
    expect(await isActiveAcceptor(t.services.db, program, acceptor.userId)).toBe(true)
    // Accepting twice changes nothing; declining afterwards is a conflict.
    expect((await answer(acceptor, place!.uuid, 'accept')).status).toBe(200)
    const late = await answer(acceptor, place!.uuid, 'decline')
    expect(late.status).toBe(409)
    expect(late.body.error.reason).toBe('invitation_answered')

    // The owner sees the acceptor in the program's list.
    const list = await t.h.get<Page<Membership>>(api(`/program-acceptors?program=${program}&status=21001`), {
      token: owner.token,
    })
    expect(list.body.results.map((r) => r.uuid)).toContain(place!.uuid)
  })

  it('registers anyway with a stale token, and attaches invitations sent to the new address', async () => {
    const email = newEmail()
    const sent = await invite(email)
    await invitationMail(email)
    const acceptor = await registerAcceptor(email, 'not-a-real-token')
    expect((await myPrograms(acceptor)).results.map((r) => r.uuid)).toEqual([sent.body.result.uuid])
  })
})

describe('inviting an existing acceptor', () => {
  let acceptor: SignedIn
  let email: string

  beforeAll(async () => {
    email = newEmail()
    const user = await seedUser(t, { type: 2, email, language: 'ru' })
    acceptor = await signInAs(t.h, user)
  })

  it('e-mails in the acceptor’s language with a link to Programs; the acceptor declines', async () => {
    const sent = await invite(email)
    expect(sent.body.result.acceptor?.uuid).toBe(acceptor.userId)
    const { mail, url } = await invitationMail(email)
    expect(mail.subject).toBe('Markt GmbH приглашает вас в программу Weekly market')
    expect(url.pathname).toBe('/programs')
    expect(url.searchParams.get('invitation')).toBe(sent.body.result.uuid)
    expect(mail.text).toContain('Посмотреть приглашение')

    const declined = await answer(acceptor, sent.body.result.uuid, 'decline')
    expect(declined.body.result.status).toMatchObject({ id: A.rejected, title: 'rejected' })
    expect((await answer(acceptor, sent.body.result.uuid, 'accept')).status).toBe(409)
    // A declined acceptor may be invited again.
    const again = await invite(email)
    expect(again.status).toBe(201)
    await invitationMail(email, 2)
    expect((await answer(acceptor, again.body.result.uuid, 'accept')).status).toBe(200)
    const already = await invite(email)
    expect(already.status).toBe(400)
    expect(already.body.error.reason).toBe('already_acceptor')
  })
})

describe('invitation rules', () => {
  it('answers a second invite while one is pending with 400 "Invite is already sent"', async () => {
    const email = newEmail()
    expect((await invite(email)).status).toBe(201)
    const second = await invite(` ${email.toUpperCase()} `)
    expect(second.status).toBe(400)
    expect(second.body.error).toMatchObject({
      code: 'bad_request',
      message: 'Invite is already sent',
      reason: 'invite_already_sent',
      fields: { email: ['Invite is already sent'] },
    })
    expect((await invite('not an email')).status).toBe(400)
  })

  it('answers 404 to a withdrawn invitation, for reading and answering alike', async () => {
    const email = newEmail()
    const acceptor = await signInAs(t.h, await seedUser(t, { type: 2, email }))
    const sent = await invite(email)
    const id = sent.body.result.uuid
    expect((await t.h.get(api(`/program-acceptors/${id}`), { token: acceptor.token })).status).toBe(200)
    const withdrawn = await t.h.delete(api(`/program-acceptors/${id}`), { token: owner.token })
    expect(withdrawn.status).toBe(204)
    expect((await answer(acceptor, id, 'accept')).status).toBe(404)
    expect((await answer(acceptor, id, 'decline')).status).toBe(404)
    expect((await t.h.get(api(`/program-acceptors/${id}`), { token: acceptor.token })).status).toBe(404)
    // Withdrawn, it no longer blocks a new invitation.
    expect((await invite(email)).status).toBe(201)
  })

  it('lets an acceptor with another address take over an unclaimed invitation with the link’s token', async () => {
    const email = newEmail()
    const sent = await invite(email)
    const { token } = await invitationMail(email)
    const other = await signInAs(t.h, await seedUser(t, { type: 2 }))
    const id = sent.body.result.uuid
    expect((await answer(other, id, 'accept')).status).toBe(404)
    expect((await answer(other, id, 'accept', { invite_token: 'wrong' })).status).toBe(404)
    const seen = await t.h.get<Res>(api(`/program-acceptors/${id}?invite_token=${token}`), {
      token: other.token,
    })
    expect(seen.body.result.status.id).toBe(A.pending)
    const accepted = await answer(other, id, 'accept', { invite_token: token })
    expect(accepted.body.result).toMatchObject({ status: { id: A.active }, acceptor: { uuid: other.userId } })
    // Claimed: the token no longer lets anyone else in.
    const third = await signInAs(t.h, await seedUser(t, { type: 2 }))
    expect((await answer(third, id, 'decline', { invite_token: token })).status).toBe(404)
  })

  it('sends an invitation again at most once a minute, with a new link', async () => {
    const email = newEmail()
    const sent = await invite(email)
    const first = await invitationMail(email)
    const id = sent.body.result.uuid
    const resend = () =>
      t.h.post<unknown, Res>(api(`/program-acceptors/${id}/resend`), undefined, { token: owner.token })
    const soon = await resend()
    expect(soon.status).toBe(429)
    expect(soon.headers.get('retry-after')).toMatch(/^\d+$/)
    await t.services.db
      .updateTable('program_acceptors')
      .set({
        created_at: sql`created_at - interval '2 minutes'`,
        updated_at: sql`updated_at - interval '2 minutes'`,
        last_sent_at: sql`last_sent_at - interval '2 minutes'`,
      })
      .where('id', '=', id)
      .execute()
    expect((await resend()).status).toBe(202)
    const second = await invitationMail(email, 2)
    expect(second.token).not.toBe(first.token)
    expect(
      (await t.h.post(api(`/program-acceptors/${id}/resend`), undefined, { token: otherOwner.token })).status,
    ).toBe(404)
  })

  it('refuses invitations to a blocked program (422) and to another owner’s (404)', async () => {
    const blocked = await activePaymentProgram(owner, 'Closed market')
    expect(
      (await t.h.patch(api(`/programs/${blocked}`), { status: S.blocked }, { token: owner.token })).status,
    ).toBe(202)
    const res = await invite(newEmail(), owner, blocked)
    expect(res.status).toBe(422)
    expect(res.body.error.reason).toBe('program_blocked')
    const other = await invite(newEmail(), otherOwner)
    // Another tenant's program: 404, as if it did not exist (the access kernel's rule).
    expect(other.status).toBe(404)
    expect(other.body.error).toMatchObject({ code: 'not_found', message: 'program not found' })
    expect((await invite(newEmail(), admin)).status).toBe(403)
    expect((await invite(newEmail(), holder)).status).toBe(403)
  })
})

describe('the acceptor list and the owner’s changes', () => {
  it('scopes the list: owner per program and status, acceptor their own, admin all, card holder 403', async () => {
    const email = newEmail()
    const acceptor = await signInAs(t.h, await seedUser(t, { type: 2, email }))
    const sent = await invite(email)
    const list = (who: SignedIn, query: string) =>
      t.h.get<Page<Membership> & ErrorBody>(api(`/program-acceptors${query}`), { token: who.token })
    const pending = await list(owner, `?program=${program}&status=21002`)
    expect(pending.body.results.every((r) => r.status.id === A.pending)).toBe(true)
    expect(pending.body.results.map((r) => r.uuid)).toContain(sent.body.result.uuid)
    expect((await list(otherOwner, `?program=${program}`)).status).toBe(404)
    expect((await list(otherOwner, '')).body.results.map((r) => r.uuid)).not.toContain(sent.body.result.uuid)
    expect((await list(acceptor, '')).body.results.map((r) => r.uuid)).toEqual([sent.body.result.uuid])
    expect((await list(admin, `?program=${program}`)).body.count).toBeGreaterThan(1)
    // The invited acceptor may narrow their list to the program; one without a place in it, and
    // anyone naming a program that does not exist, is told it does not exist: never an empty page.
    expect((await list(acceptor, `?program=${program}`)).body.results.map((r) => r.uuid)).toEqual([
      sent.body.result.uuid,
    ])
    const stranger = await signInAs(t.h, await seedUser(t, { type: 2 }))
    for (const [who, id] of [
      [stranger, program],
      [admin, randomUUID()],
      [owner, randomUUID()],
    ] as const) {
      const res = await list(who, `?program=${id}`)
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('not_found')
      expect((await t.h.get(api(`/cashpoints?program=${id}`), { token: who.token })).status).toBe(404)
    }
    expect((await list(holder, '')).status).toBe(403)
    expect((await list(owner, '?status=21009')).status).toBe(400)
    expect(
      (await t.h.get(api(`/program-acceptors/${sent.body.result.uuid}`), { token: otherOwner.token })).status,
    ).toBe(404)
    const id = sent.body.result.uuid
    expect((await t.h.delete(api(`/program-acceptors/${id}`), { token: otherOwner.token })).status).toBe(404)
    expect((await t.h.delete(api(`/program-acceptors/${id}`), { token: admin.token })).status).toBe(403)
    expect((await list(owner, '')).body.results.map((r) => r.uuid)).toContain(id)
  })

  it('blocks, reactivates and unsubscribes an acceptor; cashpoints follow their standing', async () => {
    const email = newEmail()
    const acceptor = await signInAs(t.h, await seedUser(t, { type: 2, email }))
    const id = (await invite(email)).body.result.uuid
    const cashpoint = (title: string, to = program) =>
      t.h.post<unknown, { result: { uuid: string; title: string; is_active: boolean } } & ErrorBody>(
        api('/cashpoints'),
        { program: to, title },
        { token: acceptor.token },
      )
    // Not accepted yet: no cashpoints.
    expect((await cashpoint('Stall')).body.error.reason).toBe('invitation_pending')
    const change = (status: number, who = owner) =>
      t.h.patch<unknown, Res>(api(`/program-acceptors/${id}`), { status }, { token: who.token })
    expect((await change(A.blocked)).body.error.reason).toBe('invalid_status_transition')
    await answer(acceptor, id, 'accept')

    const opened = await cashpoint('Stall 1')
    expect(opened.status).toBe(201)
    expect(opened.body.result).toMatchObject({ title: 'Stall 1', is_active: true })
    expect((await cashpoint('stall 1')).body.error.fields).toEqual({
      title: ['a cashpoint with this name already exists'],
    })

    expect((await change(A.blocked, otherOwner)).status).toBe(404)
    expect((await change(A.blocked)).body.result.status.id).toBe(A.blocked)
    expect((await cashpoint('Stall 2')).body.error.reason).toBe('acceptor_blocked')
    expect(await isActiveAcceptor(t.services.db, program, acceptor.userId)).toBe(false)
    expect((await change(A.active)).body.result.status.id).toBe(A.active)
    expect((await cashpoint('Stall 2')).status).toBe(201)

    expect((await t.h.delete(api(`/program-acceptors/${id}`), { token: owner.token })).status).toBe(204)
    const after = await t.h.get<Res>(api(`/program-acceptors/${id}`), { token: owner.token })
    expect(after.body.result.status).toMatchObject({ id: A.unsubscribed, title: 'unsubscribed' })
    const denied = await cashpoint('Stall 3')
    expect(denied.status).toBe(403)
    expect(denied.body.error.reason).toBe('not_program_acceptor')
    expect((await change(A.active)).status).toBe(422)
    // Their cashpoint can still be switched off.
    const off = await t.h.patch<unknown, Res>(
      api(`/cashpoints/${opened.body.result.uuid}`),
      { is_active: false },
      { token: acceptor.token },
    )
    expect(off.status).toBe(200)
  })
})

describe('acceptor programs and cashpoints', () => {
  let acceptor: SignedIn
  let place: string

  beforeAll(async () => {
    const email = newEmail()
    acceptor = await signInAs(t.h, await seedUser(t, { type: 2, email }))
    place = (await invite(email)).body.result.uuid
    await answer(acceptor, place, 'accept')
  })

  const post = (title: string, who = acceptor, to = program) =>
    t.h.post<unknown, { result: { uuid: string; title: string; is_active: boolean } } & ErrorBody>(
      api('/cashpoints'),
      { program: to, title },
      { token: who.token },
    )
  const rename = (id: string, body: Record<string, unknown>, who = acceptor) =>
    t.h.patch<unknown, { result: { title: string; is_active: boolean } } & ErrorBody>(
      api(`/cashpoints/${id}`),
      body,
      {
        token: who.token,
      },
    )

  it('opens, renames, deactivates and reactivates cashpoints, listed under the acceptor’s programs', async () => {
    const a = (await post('Counter 1')).body.result
    const b = (await post('Counter 2')).body.result
    expect((await rename(a.uuid, { title: 'Front counter' })).body.result.title).toBe('Front counter')
    expect((await rename(b.uuid, { title: 'front COUNTER' })).status).toBe(400)
    expect((await rename(b.uuid, { is_active: false })).body.result.is_active).toBe(false)
    // A deactivated cashpoint frees its name.
    expect((await post('Counter 2')).status).toBe(201)
    expect((await rename(b.uuid, { is_active: true })).status).toBe(400)
    expect((await rename(b.uuid, {})).status).toBe(400)

    const [mine] = (await myPrograms(acceptor, '?status=21001')).results
    expect(mine).toMatchObject({ uuid: place, program: { uuid: program } })
    expect(mine!.cashpoints!.map((c) => [c.title, c.is_active])).toEqual([
      ['Front counter', true],
      ['Counter 2', false],
      ['Counter 2', true],
    ])

    const listed = await t.h.get<Page<{ uuid: string; acceptor: string }>>(
      api(`/cashpoints?program=${program}`),
      {
        token: acceptor.token,
      },
    )
    expect(listed.body.count).toBe(3)
    const ownerView = await t.h.get<Page<{ acceptor: string }>>(
      api(`/cashpoints?program=${program}&is_active=true`),
      {
        token: owner.token,
      },
    )
    expect(ownerView.body.results.filter((c) => c.acceptor === acceptor.userId)).toHaveLength(2)
    expect((await t.h.get(api(`/cashpoints?program=${program}`), { token: otherOwner.token })).status).toBe(
      404,
    )
    expect((await t.h.get(api('/cashpoints'), { token: holder.token })).status).toBe(403)
  })

  it('keeps cashpoints to their acceptor and their programs', async () => {
    const mine = (await post('Kiosk')).body.result
    const stranger = await signInAs(t.h, await seedUser(t, { type: 2 }))
    expect((await rename(mine.uuid, { title: 'Taken' }, stranger)).status).toBe(404)
    expect((await post('Kiosk', stranger)).status).toBe(404)
    expect((await post('Kiosk', acceptor, '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d')).status).toBe(404)
    expect((await t.h.post(api('/cashpoints'), { program, title: 'x' }, { token: owner.token })).status).toBe(
      403,
    )
    expect((await t.h.post(api('/cashpoints'), { program, title: 'x' })).status).toBe(401)
    expect((await t.h.get(api('/acceptor-programs'), { token: owner.token })).status).toBe(403)
  })

  it('makes a blocked program unavailable to its acceptors', async () => {
    const other = await activePaymentProgram(owner, 'Night market')
    const email = newEmail()
    const acc = await signInAs(t.h, await seedUser(t, { type: 2, email }))
    const id = (await invite(email, owner, other)).body.result.uuid
    await t.h.patch(api(`/programs/${other}`), { status: S.blocked }, { token: owner.token })
    const accept = await answer(acc, id, 'accept')
    expect(accept.status).toBe(422)
    expect(accept.body.error.reason).toBe('program_blocked')
    await t.h.patch(api(`/programs/${other}`), { status: S.active }, { token: owner.token })
    expect((await answer(acc, id, 'accept')).status).toBe(200)
    const counter = (await post('Counter', acc, other)).body.result
    await t.h.patch(api(`/programs/${other}`), { status: S.blocked }, { token: owner.token })
    expect((await post('Counter 2', acc, other)).body.error.reason).toBe('program_blocked')
    expect((await rename(counter.uuid, { title: 'Renamed' }, acc)).status).toBe(422)
    const [shown] = (await myPrograms(acc)).results
    expect(shown?.program.status.id).toBe(S.blocked)
  })
})
