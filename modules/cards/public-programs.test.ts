import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import {
  expectStatus,
  joinProgram,
  type Member,
  seeding,
  seedMember,
  seedProgram,
  unique,
} from '../../tests/support/factories.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { Page } from '../platform/pagination.ts'
import type { PublicCardProgramJson } from './http/public-programs.ts'

/**
 * `GET card/programs` and `card/programs/{uuid}`: the card programs a card holder may look at (the
 * card-holder portal's Programs and program information screen). Only active card programs whose
 * card is public; everything else is 404 for the information screen and absent from the list.
 */
let t: TestContext
let owner: Member
let holder: Member
let acceptor: Member
let otherAcceptor: Member
const programs = { open: '', private: '', draft: '', blocked: '', payment: '' }
const tag = unique('Stadspas').replace(' ', '-')

beforeAll(async () => {
  t = await createTestContext()
  const s = seeding(t)
  ;[owner, holder, acceptor, otherAcceptor] = await Promise.all([
    seedMember(s, 'owner', { legal_type: 1, company_name: 'Gemeente Utrecht Cadeau BV' }),
    seedMember(s, 'holder'),
    seedMember(s, 'acceptor', { legal_type: 1, company_name: 'Zeeman Koffie' }),
    seedMember(s, 'acceptor', { legal_type: 1, company_name: 'Bakkerij Aarts' }),
  ])
  const card = { type: 201 as const, title: 'Stadscadeau', values: [{ value: 2500, use_number: null }] }
  programs.open = (await seedProgram(owner, 'card', { title: `${tag} open`, card })).uuid
  await joinProgram(owner, programs.open, acceptor)
  await joinProgram(owner, programs.open, otherAcceptor)

  // The same card, but private: only those given a code know it.
  const hidden = await seedProgram(owner, 'card', { title: `${tag} private`, status: 'draft', card })
  expectStatus(
    await owner.api('PATCH', `/manager/cards/${hidden.card}`, { is_private: true }),
    200,
    'private',
  )
  expectStatus(
    await owner.api('PATCH', `/manager/programs/${hidden.uuid}`, { status: 11001 }),
    200,
    'activate',
  )
  programs.private = hidden.uuid

  programs.draft = (await seedProgram(owner, 'card', { title: `${tag} draft`, status: 'draft', card })).uuid
  programs.blocked = (await seedProgram(owner, 'card', { title: `${tag} blocked`, card })).uuid
  expect((await owner.api('PATCH', `/manager/programs/${programs.blocked}`, { status: 11007 })).status).toBe(
    202,
  )
  programs.payment = (await seedProgram(owner, 'payment', { title: `${tag} payment` })).uuid
})
afterAll(() => t.close())

type List = Page<PublicCardProgramJson> & ErrorBody
type One = { result: PublicCardProgramJson } & ErrorBody

describe('card programs open to card holders', () => {
  it('lists only active card programs with a public card, with the card and who takes it', async () => {
    const res = await holder.api<List>('GET', `/card/programs?search=${encodeURIComponent(tag)}&lang=en`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.results.map((p) => p.uuid)).toEqual([programs.open])
    expect(res.body.count).toBe(1)
    expect(res.body.results[0]).toMatchObject({
      title: `${tag} open`,
      currency: 'EUR',
      owner: { name: 'Gemeente Utrecht Cadeau BV' },
      card: {
        type: { id: 201, code: 'gift' },
        title: 'Stadscadeau',
        value: { value: 2500, currency: 'EUR', use_number: null },
        validity: { mode: 'program' },
      },
      acceptors: [{ name: 'Bakkerij Aarts' }, { name: 'Zeeman Koffie' }],
    })
    // The programs' people are named, never their e-mail addresses.
    expect(JSON.stringify(res.body)).not.toContain(acceptor.email)
    expect(JSON.stringify(res.body)).not.toContain(owner.email)
  })

  it('shows one listed program, and 404 for every program that is not listed', async () => {
    const one = await holder.api<One>('GET', `/card/programs/${programs.open}`)
    expect(one.status).toBe(200)
    expect(one.body.result.uuid).toBe(programs.open)
    expect(one.body.result.acceptors).toHaveLength(2)

    const unknown = await holder.api<One>('GET', '/card/programs/00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
    for (const uuid of [programs.private, programs.draft, programs.blocked, programs.payment]) {
      const res = await holder.api<One>('GET', `/card/programs/${uuid}`)
      expect(res.status, uuid).toBe(404)
      expect(res.body.error).toMatchObject({ code: 'not_found', message: unknown.body.error.message })
    }
  })

  it('follows the program: unblocked it is listed again, an acceptor who leaves is no longer named', async () => {
    expect(
      (await owner.api('PATCH', `/manager/programs/${programs.blocked}`, { status: 11001 })).status,
    ).toBe(200)
    const listed = await holder.api<List>('GET', `/card/programs?search=${encodeURIComponent(tag)}`)
    expect(listed.body.results.map((p) => p.title)).toEqual([`${tag} blocked`, `${tag} open`])

    const places = await owner.api<{ results: { uuid: string; acceptor: { name: string } | null }[] }>(
      'GET',
      `/manager/program-acceptors?program=${programs.open}`,
    )
    const place = places.body.results.find((p) => p.acceptor?.name === 'Zeeman Koffie')
    expect(place).toBeDefined()
    expect(
      (await owner.api('PATCH', `/manager/program-acceptors/${place?.uuid}`, { status: 21003 })).status,
    ).toBe(200)
    const one = await holder.api<One>('GET', `/card/programs/${programs.open}`)
    expect(one.body.result.acceptors).toEqual([{ name: 'Bakkerij Aarts' }])
  })

  it('is for card holders only, and checks its input', async () => {
    for (const who of [owner, acceptor]) {
      expect((await who.api('GET', '/card/programs')).status).toBe(403)
      expect((await who.api('GET', `/card/programs/${programs.open}`)).status).toBe(403)
    }
    expect((await seeding(t).guest('GET', '/card/programs')).status).toBe(401)
    expect((await holder.api('GET', '/card/programs/not-a-uuid')).status).toBe(400)
    expect((await holder.api('GET', '/card/programs?size=101')).status).toBe(400)
  })
})
