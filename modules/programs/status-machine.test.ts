import { describe, expect, it } from 'vitest'
import { type ProgramType, programStatuses as S, stepOf, programTypes as T } from './codes.ts'
import { type TransitionInput, transition } from './status-machine.ts'

const all = Object.values(T) as ProgramType[]
const move = (input: Partial<TransitionInput> & Pick<TransitionInput, 'from' | 'to'>) =>
  transition({ type: T.creditManagement, by: 'owner', ...input })

describe('program status machine', () => {
  it('maps drafts to the creation steps of spec section 4', () => {
    expect([S.draftStep1, S.draftStep2, S.draftStep3, S.active, S.blocked].map(stepOf)).toEqual([
      1,
      2,
      2,
      null,
      null,
    ])
  })

  for (const type of all) {
    it(`walks a ${type} program through its three draft steps to active`, () => {
      const methodValidated = true
      expect(transition({ type, by: 'owner', from: S.draftStep1, to: S.draftStep2 })).toMatchObject({
        ok: true,
        kind: 'draft',
      })
      expect(
        transition({ type, by: 'owner', from: S.draftStep2, to: S.draftStep3, methodValidated }),
      ).toMatchObject({
        ok: true,
        status: S.draftStep3,
      })
      expect(
        transition({ type, by: 'owner', from: S.draftStep3, to: S.active, methodValidated }),
      ).toMatchObject({
        ok: true,
        kind: 'activate',
      })
    })
  }

  it('refuses skipping a draft step and activating an unfinished draft', () => {
    expect(move({ from: S.draftStep1, to: S.draftStep3 })).toMatchObject({
      ok: false,
      code: 'business_rule',
      reason: 'invalid_status_transition',
    })
    expect(move({ from: S.draftStep2, to: S.active })).toMatchObject({
      ok: false,
      reason: 'invalid_status_transition',
    })
  })

  it('lets a draft go back to an earlier step (a card type changed, a step saved again)', () => {
    expect(transition({ type: T.card, by: 'owner', from: S.draftStep3, to: S.draftStep2 })).toMatchObject({
      ok: true,
      status: S.draftStep2,
    })
    expect(move({ from: S.draftStep3, to: S.draftStep1 })).toMatchObject({ ok: true })
  })

  it('needs a validated payment method for a payment program’s draftStep3 and activation', () => {
    const pm = { type: T.paymentManagement, by: 'owner' as const }
    expect(transition({ ...pm, from: S.draftStep2, to: S.draftStep3, methodValidated: false })).toMatchObject(
      {
        ok: false,
        reason: 'no_validated_method',
      },
    )
    expect(transition({ ...pm, from: S.draftStep3, to: S.active, methodValidated: false })).toMatchObject({
      ok: false,
      reason: 'no_validated_method',
    })
    expect(transition({ ...pm, from: S.draftStep1, to: S.draftStep2, methodValidated: false })).toMatchObject(
      {
        ok: true,
      },
    )
    // Other types do not look at payment methods.
    expect(move({ from: S.draftStep2, to: S.draftStep3, methodValidated: false })).toMatchObject({ ok: true })
  })

  it('blocks active, pending and expired programs, never drafts', () => {
    for (const from of [S.active, S.pending, S.expired]) {
      expect(move({ from, to: S.blocked })).toMatchObject({ ok: true, kind: 'block' })
      expect(move({ from, to: S.blocked, by: 'admin' })).toMatchObject({ ok: true, kind: 'block' })
    }
    expect(move({ from: S.draftStep2, to: S.blocked })).toMatchObject({
      ok: false,
      reason: 'draft_not_blockable',
    })
  })

  it('unblocks to the status before the block; an admin’s block only by an admin', () => {
    const blocked = { from: S.blocked, to: S.active, statusBeforeBlock: S.expired }
    expect(move({ ...blocked, blockedByType: 1 })).toMatchObject({
      ok: true,
      kind: 'unblock',
      status: S.expired,
    })
    expect(move({ ...blocked, blockedByType: 4 })).toMatchObject({
      ok: false,
      code: 'forbidden',
      reason: 'blocked_by_admin',
    })
    expect(move({ ...blocked, blockedByType: 4, by: 'admin' })).toMatchObject({ ok: true, status: S.expired })
    expect(
      move({ from: S.blocked, to: S.draftStep1, blockedByType: 1, statusBeforeBlock: S.active }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid_status_transition',
    })
  })

  it('lets admins only block and unblock', () => {
    expect(move({ from: S.draftStep1, to: S.draftStep2, by: 'admin' })).toMatchObject({
      ok: false,
      code: 'forbidden',
      reason: 'admin_may_only_block',
    })
  })

  it('keeps pending and expired for the platform, and active programs out of the drafts', () => {
    expect(move({ from: S.draftStep3, to: S.pending })).toMatchObject({ ok: false })
    expect(move({ from: S.active, to: S.expired })).toMatchObject({ ok: false })
    expect(move({ from: S.active, to: S.draftStep3 })).toMatchObject({
      ok: false,
      reason: 'invalid_status_transition',
    })
  })

  it('treats asking for the current status as no change', () => {
    expect(move({ from: S.active, to: S.active })).toEqual({ ok: true, status: S.active, kind: 'none' })
  })
})
