import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harnessApi, type SignedIn, seedProgram, seedUser, signInAs } from '../../tests/support/factories.ts'
import { createMailingTestContext, type MailingTestContext } from '../../tests/support/mailing.ts'
import { eventually } from '../../tests/support/smtp.ts'
import type { ErrorBody } from '../platform/http.ts'
import { acceptorStatuses as A } from './codes.ts'
import type { InvitationPreviewJson } from './http/get-invitation.ts'
import { hashInviteToken } from './invite-tokens.ts'

/**
 * `GET manager/invitations/{uuid}?invite_token=`: what an invitation link is, read without signing
 * in (the acceptor portal's sign-in page says so). The link's secret is the only access.
 */
let t: MailingTestContext
let owner: SignedIn
let acceptor: SignedIn & { email: string }
let program: string

beforeAll(async () => {
  t = await createMailingTestContext({ PUBLIC_URL: 'http://localhost:3999' })
  const o = await seedUser(t, { type: 1, legal_type: 1, company_name: 'Koffie Collectief BV' })
  owner = await signInAs(t.h, o)
  const a = await seedUser(t, { type: 2 })
  acceptor = { ...(await signInAs(t.h, a)), email: a.email }
  program = (
    await seedProgram({ api: harnessApi(t.h, owner.token) }, 'payment', { title: 'Koffiekaart Centrum' })
  ).uuid
})
afterAll(() => t.close())

const manager = (path: string) => `/api/v1/manager${path}`
type Preview = { result: InvitationPreviewJson } & ErrorBody
const preview = (uuid: string, query: string) =>
  t.h.get<Preview>(manager(`/invitations/${uuid}${query}`), { headers: { 'accept-language': 'en' } })

/** Invites `email` and answers the invitation's uuid and the secret of the link e-mailed (the `count`-th). */
async function inviteAndReadLink(email: string): Promise<{ uuid: string; token: string }> {
  const sent = await t.h.post<unknown, { result: { uuid: string } }>(
    manager('/program-acceptors'),
    { program, email },
    { token: owner.token },
  )
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  return { uuid: sent.body.result.uuid, token: await linkToken(email) }
}

async function linkToken(email: string, count = 1): Promise<string> {
  const mails = await t.smtp.waitFor((m) => m.envelope.to.includes(email), count)
  const link = /http:\/\/acceptor\.localhost:3999\/[^\s<>")\]]+/.exec(mails[count - 1]?.text ?? '')?.[0]
  const token = new URL(link ?? 'http://x/').searchParams.get('invite') ?? ''
  expect(token).not.toBe('')
  // The e-mail goes out just before the handler's transaction (which stores the token) commits.
  await eventually(async () => {
    const row = await t.services.db
      .selectFrom('program_acceptors')
      .select('token_hash')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
    return row?.token_hash === hashInviteToken(token)
  })
  return token
}

describe('an invitation link, read before signing in', () => {
  it('says which program, who invites and to which address, without a token', async () => {
    const { uuid, token } = await inviteAndReadLink(acceptor.email)
    const res = await preview(uuid, `?invite_token=${encodeURIComponent(token)}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const masked = `${acceptor.email.slice(0, 2)}${'*'.repeat(acceptor.email.length - 4)}${acceptor.email.slice(-2)}`
    expect(res.body.result).toMatchObject({
      uuid,
      email: masked,
      status: { id: A.pending, title: 'pending' },
      program: {
        uuid: program,
        title: 'Koffiekaart Centrum',
        type: { id: 3001, title: 'paymentManagement' },
      },
      inviter: 'Koffie Collectief BV',
    })
    expect(JSON.stringify(res.body)).not.toContain(acceptor.email)

    // Once answered, the same link says so.
    const accepted = await t.h.post(
      manager(`/program-acceptors/${uuid}/accept`),
      {},
      { token: acceptor.token },
    )
    expect(accepted.status).toBe(200)
    const after = await preview(uuid, `?invite_token=${encodeURIComponent(token)}`)
    expect(after.status).toBe(200)
    expect(after.body.result.status.id).toBe(A.active)
  })

  it('is 404 for a wrong secret, a replaced link and a withdrawn invitation, all alike', async () => {
    const email = `link-${Date.now().toString(36)}@example.com`
    const { uuid, token } = await inviteAndReadLink(email)
    const wrong = await preview(uuid, '?invite_token=not-the-secret')
    expect(wrong.status).toBe(404)
    expect(wrong.body.error).toMatchObject({ code: 'not_found' })
    const unknown = await preview('00000000-0000-4000-8000-000000000000', `?invite_token=${token}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe(wrong.body.error.message)

    // A resend makes a new secret: the old link no longer opens the invitation.
    await t.services.db
      .updateTable('program_acceptors')
      .set({
        created_at: sql`created_at - interval '2 minutes'`,
        updated_at: sql`updated_at - interval '2 minutes'`,
        last_sent_at: sql`last_sent_at - interval '2 minutes'`,
      })
      .where('id', '=', uuid)
      .execute()
    const resent = await t.h.post(manager(`/program-acceptors/${uuid}/resend`), undefined, {
      token: owner.token,
    })
    expect(resent.status).toBe(202)
    const newer = await linkToken(email, 2)
    expect((await preview(uuid, `?invite_token=${token}`)).status).toBe(404)
    expect((await preview(uuid, `?invite_token=${newer}`)).status).toBe(200)

    // Withdrawn by the owner: gone for the link too.
    expect((await t.h.delete(manager(`/program-acceptors/${uuid}`), { token: owner.token })).status).toBe(204)
    expect((await preview(uuid, `?invite_token=${newer}`)).status).toBe(404)
  })

  it('needs the secret and an invitation id (400 with the field named)', async () => {
    const none = await preview('00000000-0000-4000-8000-000000000000', '')
    expect(none.status).toBe(400)
    expect(Object.keys(none.body.error.fields ?? {})).toContain('invite_token')
    const badId = await preview('not-an-id', '?invite_token=x')
    expect(badId.status).toBe(400)
    expect(Object.keys(badId.body.error.fields ?? {})).toContain('uuid')
  })
})
