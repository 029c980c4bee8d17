import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import {
  harnessApi,
  joinProgram,
  type SignedIn,
  seedCashpoint,
  seedProgram,
  seedUser,
  signInAs,
} from '../../tests/support/factories.ts'
import { uploadFoodImage } from '../../tests/support/food.ts'
import { type RouteRule, runRouteSecurityTests, type Tenants } from '../../tests/support/route-security.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { Page } from '../platform/pagination.ts'
import { programStatuses as S, programTypes as T } from './codes.ts'
import type { ProgramJson } from './http/schemas.ts'
import { findProgram, isProgramAcceptingPayments, programsModule } from './index.ts'

let t: TestContext
let owner: SignedIn
let otherOwner: SignedIn
let admin: SignedIn
let acceptor: SignedIn
let holder: SignedIn

beforeAll(async () => {
  t = await createTestContext()
  const sign = async (type: 1 | 2 | 3 | 4, extra: Record<string, unknown> = {}) =>
    signInAs(t.h, await seedUser(t, { type, ...extra }))
  ;[owner, otherOwner, admin, acceptor, holder] = await Promise.all([
    sign(1, { legal_type: 1, company_name: 'Vries Vouchers B.V.' }),
    sign(1),
    sign(4),
    sign(2),
    sign(3),
  ])
})
afterAll(() => t.close())

type Res = { result: ProgramJson } & ErrorBody
const api = (path: string) => `/api/v1/manager${path}`
const create = (who: SignedIn, body: Record<string, unknown>) =>
  t.h.post<unknown, Res>(api('/programs'), body, { token: who.token })
const patch = (who: SignedIn, uuid: string, body: Record<string, unknown>) =>
  t.h.patch<unknown, Res>(api(`/programs/${uuid}`), body, { token: who.token })
const get = (who: SignedIn, uuid: string) => t.h.get<Res>(api(`/programs/${uuid}`), { token: who.token })

async function newProgram(type: number, who = owner, title = `Program ${type}`) {
  const res = await create(who, { type, title })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.result
}

const ideal = { method_id: 'ideal', provider_id: 'sandbox', is_used: true }
const saveMethods = (who: SignedIn, program: string, methods: unknown[]) =>
  t.h.post<unknown, { program: string; results: Record<string, unknown>[] } & ErrorBody>(
    api('/program-methods'),
    { program, methods },
    { token: who.token },
  )

/** An active program of the type (a payment program with iDEAL at the sandbox). */
/** A credit program's ladder needs a reminder switched on before draftStep3 (modules/credit). */
async function addReminder(who: SignedIn, program: string) {
  const res = await t.h.post<unknown, unknown>(
    api('/reminders'),
    {
      program,
      title: 'Reminder',
      subject: 'Invoice {invoice_number}',
      text: 'Please pay {amount}',
      time: { sender_type: 2, value: 7 },
    },
    { token: who.token },
  )
  expect(res.status).toBe(201)
}

/**
 * A food court's steps are its court's (modules/food-court): saving a complete court moves the
 * draft to draftStep2.
 */
async function saveCourt(who: SignedIn, uuid: string) {
  const api = harnessApi(t.h, who.token)
  const image = await uploadFoodImage({ api } as Parameters<typeof uploadFoodImage>[0], 'programs')
  const res = await t.h.patch(
    `/api/v1/food/courts/${uuid}`,
    { title: 'Food hall', description: 'Many kitchens', image, address: 'Bellamyplein 51, Amsterdam' },
    { token: who.token },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

async function activeProgram(type: number, who = owner) {
  const p = await newProgram(type, who)
  if (type === T.paymentManagement) expect((await saveMethods(who, p.uuid, [ideal])).status).toBe(200)
  if (type === T.creditManagement) await addReminder(who, p.uuid)
  if (type === T.foodCourtManagement) await saveCourt(who, p.uuid)
  const walk =
    type === T.foodCourtManagement ? [S.draftStep3, S.active] : [S.draftStep2, S.draftStep3, S.active]
  for (const status of walk) {
    const res = await patch(who, p.uuid, { status })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  return p
}

describe('creating programs', () => {
  it('saves every type as draftStep1 (step 1 next), owned by the caller, in EUR by default', async () => {
    for (const type of Object.values(T)) {
      const res = await create(owner, {
        type,
        title: '  Market days ',
        description: 'Saturdays',
        status: 11002,
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.result).toMatchObject({
        title: 'Market days',
        description: 'Saturdays',
        status: { id: S.draftStep1, title: 'draftStep1', uuid: expect.any(String) },
        type: { id: type },
        step: 1,
        currency: 'EUR',
        owner: { uuid: owner.userId, name: 'Vries Vouchers B.V.' },
        blocked: null,
        activated: null,
      })
      const row = await t.services.db
        .selectFrom('programs')
        .selectAll()
        .where('id', '=', res.body.result.uuid)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ owner_user_id: owner.userId, type, status: S.draftStep1, currency: 'EUR' })
    }
  })

  it('describes status and type in the caller’s language', async () => {
    const res = await t.h.post<unknown, Res>(
      api('/programs'),
      { type: T.card, title: 'Gift cards', currency: 'usd' },
      { token: owner.token, headers: { 'accept-language': 'de-DE,de;q=0.9' } },
    )
    expect(res.body.result.type).toEqual({
      id: 1001,
      title: 'card',
      description: 'Gutscheine und Geschenkkarten',
    })
    expect(res.body.result.status.description).toMatch(/^Entwurf/)
    expect(res.body.result.currency).toBe('USD')
  })

  it('refuses bad input with a message per field', async () => {
    const res = await create(owner, { type: 6001, title: '', currency: 'XYZ', status: 11001, extra: 1 })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual([
      '_',
      'currency',
      'status',
      'title',
      'type',
    ])
  })

  it('is for program owners only', async () => {
    for (const who of [admin, acceptor, holder]) {
      expect((await create(who, { type: T.card, title: 'x' })).status).toBe(403)
    }
    expect((await t.h.post(api('/programs'), { type: T.card, title: 'x' })).status).toBe(401)
  })
})

describe('listing and reading', () => {
  let draft: ProgramJson
  let active: ProgramJson
  let others: ProgramJson

  beforeAll(async () => {
    const lister = await signInAs(t.h, await seedUser(t, { type: 1 }))
    owner2 = lister
    draft = await newProgram(T.creditManagement, lister, 'Invoices north')
    active = await activeProgram(T.foodCourtManagement, lister)
    others = await newProgram(T.card, otherOwner, 'Not yours')
  })
  let owner2: SignedIn

  it('lists an owner’s own programs, newest first, filtered all, active or draft, in the pagination wrapper', async () => {
    const list = async (query: string) =>
      (await t.h.get<Page<ProgramJson>>(api(`/programs${query}`), { token: owner2.token })).body
    const everything = await list('')
    expect(everything).toMatchObject({ count: 2, pages: 1, size: 20, next: null, previous: null })
    expect(everything.results.map((p) => p.uuid)).toEqual([active.uuid, draft.uuid])
    expect((await list('?filter=active')).results.map((p) => p.uuid)).toEqual([active.uuid])
    expect((await list('?filter=draft')).results.map((p) => p.uuid)).toEqual([draft.uuid])
    expect((await list('?type=2001')).results.map((p) => p.uuid)).toEqual([draft.uuid])
    expect((await list('?search=NORTH')).results.map((p) => p.uuid)).toEqual([draft.uuid])
    const first = await list('?size=1')
    expect(first).toMatchObject({ count: 2, pages: 2, size: 1 })
    expect(first.next).toContain('page=2')
    // An owner names only themselves as `owner`: another owner is 404, as their program would be.
    expect((await list(`?owner=${owner2.userId}`)).count).toBe(2)
    const theirs = await t.h.get<ErrorBody>(api(`/programs?owner=${otherOwner.userId}`), {
      token: owner2.token,
    })
    expect(theirs.status).toBe(404)
    expect(theirs.body.error.code).toBe('not_found')
    expect((await t.h.get(api('/programs?filter=old'), { token: owner2.token })).status).toBe(400)
  })

  it('shows an admin every program, or one owner’s', async () => {
    const all = await t.h.get<Page<ProgramJson>>(api('/programs?size=100'), { token: admin.token })
    expect(all.body.results.map((p) => p.uuid)).toEqual(
      expect.arrayContaining([draft.uuid, active.uuid, others.uuid]),
    )
    const one = await t.h.get<Page<ProgramJson>>(api(`/programs?owner=${owner2.userId}`), {
      token: admin.token,
    })
    expect(one.body.results.map((p) => p.uuid)).toEqual([active.uuid, draft.uuid])
    expect((await get(admin, others.uuid)).body.result.uuid).toBe(others.uuid)
    // An `owner` who is no program owner, or nobody at all: 404, never an empty page.
    for (const id of [acceptor.userId, '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d']) {
      expect((await t.h.get(api(`/programs?owner=${id}`), { token: admin.token })).status).toBe(404)
    }
  })

  it('reads one program for its owner; another owner gets 404, acceptors and card holders 403', async () => {
    expect((await get(owner2, draft.uuid)).body.result).toMatchObject({ uuid: draft.uuid, step: 1 })
    expect((await get(owner2, others.uuid)).status).toBe(404)
    expect((await get(owner2, '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d')).status).toBe(404)
    expect((await get(acceptor, draft.uuid)).status).toBe(403)
    expect((await get(holder, draft.uuid)).status).toBe(403)
    expect((await t.h.get(api('/programs'), { token: acceptor.token })).status).toBe(403)
    expect((await t.h.get(api(`/programs/${draft.uuid}`))).status).toBe(401)
    expect((await t.h.get(api('/programs/not-a-uuid'), { token: owner2.token })).status).toBe(400)
  })
})

describe('status machine over the API', () => {
  // A food program's steps are its restaurant's and menu's: modules/food/food.test.ts walks it.
  it('walks credit management and food court programs through their steps and activates them', async () => {
    for (const type of [T.creditManagement, T.foodCourtManagement]) {
      const p = await newProgram(type)
      if (type === T.creditManagement) await addReminder(owner, p.uuid)
      // A food court's step 1 is saving its court (modules/food-court), which moves it to draftStep2.
      if (type === T.foodCourtManagement) await saveCourt(owner, p.uuid)
      const steps = [
        [S.draftStep2, 2],
        [S.draftStep3, 2],
        [S.active, null],
      ] as const
      for (const [status, step] of steps.filter(
        ([s]) => type !== T.foodCourtManagement || s !== S.draftStep2,
      )) {
        const res = await patch(owner, p.uuid, { status })
        expect(res.status).toBe(200)
        expect(res.body.result).toMatchObject({ status: { id: status }, step })
      }
      expect((await get(owner, p.uuid)).body.result.activated).toEqual(expect.any(String))
      expect(await isProgramAcceptingPayments(t.services.db, p.uuid)).toBe(true)
    }
  })

  it('refuses a skipped step, activating an unfinished draft and going back from active (422)', async () => {
    const p = await newProgram(T.creditManagement)
    const skip = await patch(owner, p.uuid, { status: S.draftStep3 })
    expect(skip.status).toBe(422)
    expect(skip.body.error).toMatchObject({ code: 'business_rule', reason: 'invalid_status_transition' })
    expect((await patch(owner, p.uuid, { status: S.active })).status).toBe(422)
    expect((await patch(owner, p.uuid, { status: S.pending })).status).toBe(422)
    expect((await patch(owner, p.uuid, { status: S.blocked })).body.error.reason).toBe('draft_not_blockable')
    const a = await activeProgram(T.creditManagement)
    expect((await patch(owner, a.uuid, { status: S.draftStep3 })).status).toBe(422)
    expect((await patch(owner, p.uuid, { status: 11999 })).status).toBe(400)
  })

  it('keeps a credit program before step 3 until its ladder has a reminder switched on', async () => {
    const p = await newProgram(T.creditManagement)
    expect((await patch(owner, p.uuid, { status: S.draftStep2 })).status).toBe(200)
    const refused = await patch(owner, p.uuid, { status: S.draftStep3 })
    expect(refused.status).toBe(422)
    expect(refused.body.error).toMatchObject({ code: 'business_rule', reason: 'ladder_invalid' })
    await addReminder(owner, p.uuid)
    expect((await patch(owner, p.uuid, { status: S.draftStep3 })).status).toBe(200)
  })

  it('lets a draft go back a step (a wizard step saved again; card type changes: modules/cards)', async () => {
    const p = await newProgram(T.creditManagement)
    await addReminder(owner, p.uuid)
    await patch(owner, p.uuid, { status: S.draftStep2 })
    await patch(owner, p.uuid, { status: S.draftStep3 })
    const back = await patch(owner, p.uuid, { status: S.draftStep2 })
    expect(back.body.result).toMatchObject({ status: { id: S.draftStep2 }, step: 2 })
  })

  it('takes a payment program to draftStep3 only with a validated payment method', async () => {
    const p = await newProgram(T.paymentManagement)
    expect((await patch(owner, p.uuid, { status: S.draftStep2 })).status).toBe(200)
    const refused = await patch(owner, p.uuid, { status: S.draftStep3 })
    expect(refused.status).toBe(422)
    expect(refused.body.error.reason).toBe('no_validated_method')
    // Switched on but with no provider: not even saved.
    const noProvider = await saveMethods(owner, p.uuid, [
      { method_id: 'card', provider_id: null, is_used: true },
    ])
    expect(noProvider.status).toBe(400)
    // Saved with a provider but not used: still no validated method.
    expect((await saveMethods(owner, p.uuid, [{ ...ideal, is_used: false }])).status).toBe(200)
    expect((await patch(owner, p.uuid, { status: S.draftStep3 })).status).toBe(422)
    expect((await saveMethods(owner, p.uuid, [ideal])).status).toBe(200)
    expect((await patch(owner, p.uuid, { status: S.draftStep3 })).body.result.status.id).toBe(S.draftStep3)

    // Losing the last validated method sends the completed draft back to step 2 ...
    const off = await saveMethods(owner, p.uuid, [{ ...ideal, is_used: false }])
    expect(off.status).toBe(200)
    expect((await get(owner, p.uuid)).body.result.status.id).toBe(S.draftStep2)
    // ... and an active payment program cannot lose it at all.
    await saveMethods(owner, p.uuid, [ideal])
    await patch(owner, p.uuid, { status: S.draftStep3 })
    expect((await patch(owner, p.uuid, { status: S.active })).status).toBe(200)
    const keep = await saveMethods(owner, p.uuid, [{ ...ideal, is_used: false }])
    expect(keep.status).toBe(422)
    expect(keep.body.error.reason).toBe('no_validated_method')
    expect((await findProgram(t.services.db, p.uuid))?.status).toBe(S.active)
  })

  it('blocks an active program with 202; it then takes no payments and its details are frozen', async () => {
    const p = await activeProgram(T.paymentManagement)
    const blocked = await patch(owner, p.uuid, { status: S.blocked })
    expect(blocked.status).toBe(202)
    expect(blocked.body.result).toMatchObject({
      status: { id: S.blocked, title: 'blocked' },
      blocked: { by: 'owner', at: expect.any(String) },
    })
    expect(await isProgramAcceptingPayments(t.services.db, p.uuid)).toBe(false)
    const frozen = await patch(owner, p.uuid, { title: 'Renamed' })
    expect(frozen.status).toBe(422)
    expect(frozen.body.error.reason).toBe('program_blocked')
    expect((await saveMethods(owner, p.uuid, [ideal])).body.error.reason).toBe('program_blocked')
    // The owner lifts their own block: back to active.
    const unblocked = await patch(owner, p.uuid, { status: S.active })
    expect(unblocked.status).toBe(200)
    expect(unblocked.body.result).toMatchObject({ status: { id: S.active }, blocked: null })
    expect(await isProgramAcceptingPayments(t.services.db, p.uuid)).toBe(true)
    const events = await t.services.db
      .selectFrom('outbox')
      .select('payload')
      .where('name', '=', 'programs.program.status-changed')
      .execute()
    const mine = events
      .map((e) => e.payload as { program_id: string; to: number })
      .filter((e) => e.program_id === p.uuid)
    expect(mine.map((e) => e.to)).toEqual([S.draftStep2, S.draftStep3, S.active, S.blocked, S.active])
  })

  it('lets an admin block any program (202) and only an admin lift that block; admins change nothing else', async () => {
    const p = await activeProgram(T.creditManagement, otherOwner)
    expect((await patch(admin, p.uuid, { title: 'Mine now' })).body.error).toMatchObject({
      code: 'forbidden',
      reason: 'admin_may_only_block',
    })
    const blocked = await patch(admin, p.uuid, { status: S.blocked })
    expect(blocked.status).toBe(202)
    expect(blocked.body.result.blocked?.by).toBe('admin')
    const ownerTries = await patch(otherOwner, p.uuid, { status: S.active })
    expect(ownerTries.status).toBe(403)
    expect(ownerTries.body.error.reason).toBe('blocked_by_admin')
    expect((await patch(admin, p.uuid, { status: S.active })).body.result.status.id).toBe(S.active)
    const draft = await newProgram(T.card, otherOwner)
    expect((await patch(admin, draft.uuid, { status: S.draftStep2 })).status).toBe(403)
  })

  it('changes title, description and a draft’s currency; the currency is fixed once active', async () => {
    const p = await newProgram(T.foodCourtManagement)
    const res = await patch(owner, p.uuid, {
      title: 'Food hall',
      description: 'Twelve kitchens',
      currency: 'gbp',
    })
    expect(res.body.result).toMatchObject({
      title: 'Food hall',
      description: 'Twelve kitchens',
      currency: 'GBP',
    })
    expect((await patch(owner, p.uuid, {})).status).toBe(400)
    const a = await activeProgram(T.foodCourtManagement)
    const locked = await patch(owner, a.uuid, { currency: 'USD' })
    expect(locked.status).toBe(422)
    expect(locked.body.error.reason).toBe('currency_locked')
  })

  it('guards every change: another owner 404, acceptors and card holders 403, no token 401', async () => {
    const p = await newProgram(T.card)
    expect((await patch(otherOwner, p.uuid, { title: 'x' })).status).toBe(404)
    expect((await patch(otherOwner, p.uuid, { status: S.draftStep2 })).status).toBe(404)
    expect((await patch(acceptor, p.uuid, { title: 'x' })).status).toBe(403)
    expect((await patch(holder, p.uuid, { title: 'x' })).status).toBe(403)
    expect((await t.h.patch(api(`/programs/${p.uuid}`), { title: 'x' })).status).toBe(401)
    expect((await get(owner, p.uuid)).body.result.title).toBe('Program 1001')
  })
})

describe('a card program’s steps', () => {
  it('are its card’s: no draftStep2 without a card type (the cards module moves it; tests in modules/cards)', async () => {
    const p = await newProgram(T.card)
    const res = await patch(owner, p.uuid, { status: S.draftStep2 })
    expect(res.status).toBe(422)
    expect(res.body.error.reason).toBe('card_type_missing')
    expect((await get(owner, p.uuid)).body.result.status.id).toBe(S.draftStep1)
  })
})

describe('deleting', () => {
  it('deletes a draft with 204 and refuses an active program (409)', async () => {
    const draft = await newProgram(T.paymentManagement)
    await saveMethods(owner, draft.uuid, [ideal])
    const del = (who: SignedIn, uuid: string) =>
      t.h.delete<ErrorBody>(api(`/programs/${uuid}`), { token: who.token })
    expect((await del(otherOwner, draft.uuid)).status).toBe(404)
    expect((await del(admin, draft.uuid)).status).toBe(403)
    expect((await del(acceptor, draft.uuid)).status).toBe(403)
    const res = await del(owner, draft.uuid)
    expect(res.status).toBe(204)
    expect(res.body).toBe('')
    expect((await get(owner, draft.uuid)).status).toBe(404)
    const methods = await t.services.db
      .selectFrom('program_methods')
      .selectAll()
      .where('program_id', '=', draft.uuid)
      .execute()
    expect(methods).toEqual([])
    expect((await del(owner, draft.uuid)).status).toBe(404)

    const active = await activeProgram(T.creditManagement)
    const refused = await del(owner, active.uuid)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ code: 'conflict', reason: 'program_not_draft' })
  })
})

describe('payment methods', () => {
  it('lists the catalogue with the program’s choices and validation', async () => {
    const p = await newProgram(T.paymentManagement)
    await saveMethods(owner, p.uuid, [ideal, { method_id: 'stripe', provider_id: 'stripe', is_used: false }])
    const res = await t.h.get<{ program: string; results: Record<string, unknown>[] }>(
      api(`/program-methods?program=${p.uuid}`),
      { token: owner.token },
    )
    expect(res.status).toBe(200)
    const byId = new Map(res.body.results.map((m) => [m.id, m]))
    expect(byId.get('ideal')).toMatchObject({
      title: 'iDEAL',
      provider: 'sandbox',
      is_used: true,
      validated: true,
      providers: ['sandbox', 'ccv', 'stripe'],
    })
    expect(byId.get('stripe')).toMatchObject({ provider: 'stripe', is_used: false, validated: false })
    expect(byId.get('paypal')).toMatchObject({ provider: null, is_used: false, validated: false })
    expect(byId.get('paynl')).toMatchObject({ providers: [] })
    expect((await t.h.get(api(`/program-methods?program=${p.uuid}`), { token: admin.token })).status).toBe(
      200,
    )
  })

  it('checks each method: in the catalogue, once, a provider that takes it, a provider when used', async () => {
    const p = await newProgram(T.paymentManagement)
    const res = await saveMethods(owner, p.uuid, [
      { method_id: 'bitcoin', provider_id: null, is_used: true },
      { method_id: 'ccv', provider_id: 'stripe', is_used: true },
      { method_id: 'paynl', provider_id: null, is_used: true },
      { method_id: 'card', provider_id: 'acme', is_used: false },
      { method_id: 'ideal', is_used: true },
      { method_id: 'ideal', provider_id: 'ccv', is_used: false },
    ])
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({
      'methods.0.method_id': ['unknown payment method'],
      'methods.1.provider_id': ['this provider cannot take this payment method'],
      'methods.2.provider_id': ['no provider can take this payment method yet'],
      'methods.3.provider_id': ['unknown provider'],
      'methods.4.provider_id': ['a provider is required when the method is used'],
      'methods.5.method_id': ['this method is listed twice'],
    })
    const rows = await t.services.db
      .selectFrom('program_methods')
      .selectAll()
      .where('program_id', '=', p.uuid)
      .execute()
    expect(rows).toEqual([])
  })

  it('is the owner’s: another owner 404, acceptors and card holders 403, unknown program 404', async () => {
    const p = await newProgram(T.paymentManagement)
    const other = await saveMethods(otherOwner, p.uuid, [ideal])
    expect(other.status).toBe(404)
    expect(other.body.error).toMatchObject({ code: 'not_found' })
    expect(
      (await t.h.get(api(`/program-methods?program=${p.uuid}`), { token: otherOwner.token })).status,
    ).toBe(404)
    expect((await saveMethods(admin, p.uuid, [ideal])).status).toBe(403)
    expect((await saveMethods(acceptor, p.uuid, [ideal])).status).toBe(403)
    expect((await t.h.get(api(`/program-methods?program=${p.uuid}`), { token: holder.token })).status).toBe(
      403,
    )
    expect((await saveMethods(owner, '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d', [ideal])).status).toBe(404)
  })
})

describe('public surface', () => {
  it('reads a program and whether it takes payments, also for ids that are not programs', async () => {
    const draft = await newProgram(T.paymentManagement)
    expect(await findProgram(t.services.db, draft.uuid)).toMatchObject({
      uuid: draft.uuid,
      owner_user_id: owner.userId,
      type: T.paymentManagement,
      status: S.draftStep1,
      currency: 'EUR',
    })
    expect(await isProgramAcceptingPayments(t.services.db, draft.uuid)).toBe(false)
    expect(await isProgramAcceptingPayments(t.services.db, 'program-1')).toBe(false)
    expect(await findProgram(t.services.db, '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d')).toBeUndefined()
  })
})

describe('who may call what', () => {
  type Doc = { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> }
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d')
  const ownerOnly = (method: string, path: string) =>
    path.startsWith('/api/v1/manager/programs') ||
    path.startsWith('/api/v1/manager/program-methods') ||
    (path === '/api/v1/manager/program-acceptors' && method === 'POST') ||
    (path === '/api/v1/manager/program-acceptors/{uuid}' && method !== 'GET') ||
    path.endsWith('/resend')
  const acceptorOnly = (method: string, path: string) =>
    path.endsWith('/accept') ||
    path.endsWith('/decline') ||
    path === '/api/v1/manager/acceptor-programs' ||
    (path.startsWith('/api/v1/manager/cashpoints') && method !== 'GET')

  it('refuses card holders every manager call, acceptors the owners’ calls and owners the acceptors’ (403)', async () => {
    const doc = await t.h.get<Doc>('/api/v1/openapi.json')
    const ops = Object.entries(doc.body.paths)
      .filter(([path]) => path.startsWith('/api/v1/manager/'))
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod)
          .filter(([, op]) => op.security?.some((s) => 'bearer' in s))
          .map(([method]) => ({ method: method.toUpperCase(), path })),
      )
    expect(ops.length).toBeGreaterThanOrEqual(25)
    const call = (who: SignedIn, method: string, path: string) =>
      t.h.request(method, concrete(path), {
        token: who.token,
        raw: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        headers: { 'content-type': 'application/json' },
      })
    for (const { method, path } of ops) {
      expect((await call(holder, method, path)).status, `holder ${method} ${path}`).toBe(403)
      if (ownerOnly(method, path))
        expect((await call(acceptor, method, path)).status, `acceptor ${method} ${path}`).toBe(403)
      if (acceptorOnly(method, path))
        expect((await call(owner, method, path)).status, `owner ${method} ${path}`).toBe(403)
    }
  })
})

/** Tenant A's objects for the route security harness: an active program with an acceptor at a cashpoint. */
interface Objects {
  program: string
  place: string
  cashpoint: string
}
const objects = async ({ a }: Tenants): Promise<Objects> => {
  const program = (await seedProgram(a.owner, 'payment')).uuid
  const place = await joinProgram(a.owner, program, a.acceptor)
  return { program, place, cashpoint: await seedCashpoint(a.acceptor, program) }
}
const managers = ['owner', 'acceptor', 'admin'] as const
const ownProgram = { as: 'owner', request: (o: Objects) => ({ params: { uuid: o.program } }) } as const
const ownPlace = { as: 'owner', request: (o: Objects) => ({ params: { uuid: o.place } }) } as const
const theirPlace = { as: 'acceptor', request: (o: Objects) => ({ params: { uuid: o.place } }) } as const
const programQuery = { as: 'owner', request: (o: Objects) => ({ query: { program: o.program } }) } as const
/** A list filtered by a program the acceptor never had a place in: 404, as another owner's is. */
const acceptorProgramQuery = { ...programQuery, as: 'acceptor' } as const
const commons = Object.fromEntries(
  [
    'status-types',
    'statuses',
    'program-types',
    'currencies',
    'value-types',
    'reminder-sender-types',
    'reminder-templates',
  ].map((path) => [`GET /manager/commons/${path}`, { roles: managers }]),
)
const routes: Record<string, RouteRule<Objects>> = {
  'GET /manager/programs': {
    roles: ['owner', 'admin'],
    foreign: { as: 'owner', request: (_, { a }) => ({ query: { owner: a.owner.id } }) },
  },
  'POST /manager/programs': { roles: ['owner'] },
  'GET /manager/programs/{uuid}': { roles: ['owner', 'admin'], foreign: ownProgram },
  'PATCH /manager/programs/{uuid}': {
    roles: ['owner', 'admin'],
    foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.program }, body: { title: 'Mine now' } }) },
  },
  'DELETE /manager/programs/{uuid}': { roles: ['owner'], foreign: ownProgram },
  'GET /manager/program-methods': { roles: ['owner', 'admin'], foreign: programQuery },
  'POST /manager/program-methods': {
    roles: ['owner'],
    foreign: { as: 'owner', request: (o) => ({ body: { program: o.program, methods: [ideal] } }) },
  },
  'GET /manager/program-acceptors': { roles: managers, foreign: [programQuery, acceptorProgramQuery] },
  'POST /manager/program-acceptors': {
    roles: ['owner'],
    foreign: { as: 'owner', request: (o) => ({ body: { program: o.program, email: 'new@example.com' } }) },
  },
  'GET /manager/program-acceptors/{uuid}': { roles: managers, foreign: [ownPlace, theirPlace] },
  'PATCH /manager/program-acceptors/{uuid}': {
    roles: ['owner'],
    foreign: { as: 'owner', request: (o) => ({ params: { uuid: o.place }, body: { status: 21005 } }) },
  },
  'DELETE /manager/program-acceptors/{uuid}': { roles: ['owner'], foreign: ownPlace },
  'POST /manager/program-acceptors/{uuid}/resend': { roles: ['owner'], foreign: ownPlace },
  'POST /manager/program-acceptors/{uuid}/accept': { roles: ['acceptor'], foreign: theirPlace },
  'POST /manager/program-acceptors/{uuid}/decline': { roles: ['acceptor'], foreign: theirPlace },
  'GET /manager/acceptor-programs': { roles: ['acceptor'] },
  'GET /manager/cashpoints': { roles: managers, foreign: [programQuery, acceptorProgramQuery] },
  'POST /manager/cashpoints': {
    roles: ['acceptor'],
    foreign: { as: 'acceptor', request: (o) => ({ body: { program: o.program, title: 'Till' } }) },
  },
  'PATCH /manager/cashpoints/{uuid}': {
    roles: ['acceptor'],
    foreign: { as: 'acceptor', request: (o) => ({ params: { uuid: o.cashpoint }, body: { title: 'Till' } }) },
  },
  ...commons,
  'POST /manager/commons/images': { roles: managers },
}

runRouteSecurityTests({ context: () => t, module: programsModule, setup: objects, routes })
