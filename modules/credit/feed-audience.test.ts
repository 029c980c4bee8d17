import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueBill, seedCreditProgram } from '../../tests/support/credit.ts'
import { expectStatus, type Member, seeding, seedMember } from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'
import { zonedDate } from '../platform/dates.ts'

/**
 * Bills as an audience source of the feed (issue 17 item 2; docs/feed.md, docs/credit.md): a post
 * for the card holders of a credit program is seen by a holder with a bill of it that is not
 * archived (unpaid, overdue or paid), by detail and in the program's feed; a holder without a bill,
 * with a bill of another program, or whose bill was archived gets 404 and an empty list.
 */

let t: LiveTestContext
let owner: Member
let otherOwner: Member
let billed: Member
let unbilled: Member
let elsewhere: Member
let program: string
let post: string

const due = () =>
  new Date(Date.parse(`${zonedDate(new Date(), 'Europe/Amsterdam')}T12:00:00Z`) + 14 * 86_400_000)
    .toISOString()
    .slice(0, 10)

beforeAll(async () => {
  t = await createLiveTestContext()
  const s = seeding(t)
  ;[owner, otherOwner, billed, unbilled, elsewhere] = await Promise.all([
    seedMember(s, 'owner'),
    seedMember(s, 'owner'),
    seedMember(s, 'holder', { first_name: 'Billed', last_name: 'Holder' }),
    seedMember(s, 'holder', { first_name: 'Unbilled', last_name: 'Holder' }),
    seedMember(s, 'holder', { first_name: 'Elsewhere', last_name: 'Holder' }),
  ])
  const [mine, theirs] = await Promise.all([
    seedCreditProgram(owner, { steps: [{ days: 3 }] }),
    seedCreditProgram(otherOwner, { steps: [{ days: 3 }] }),
  ])
  program = mine.uuid
  await Promise.all([
    issueBill(owner, program, billed.id, { due_date: due() }),
    issueBill(otherOwner, theirs.uuid, elsewhere.id, { due_date: due() }),
  ])
  post = expectStatus(
    await owner.api<{ uuid: string }>('POST', '/feed/posts', {
      title: 'For our customers',
      text: 'Only for those we bill',
      program_uuid: program,
      audience: 'cardholders',
    }),
    201,
    'post',
  ).uuid
}, 120_000)
afterAll(async () => {
  await t.close()
})

async function sees(who: Member): Promise<{ detail: number; listed: boolean }> {
  const detail = await who.api('GET', `/feed/posts/${post}`)
  const list = expectStatus(
    await who.api<{ data: { uuid: string }[] }>('GET', `/feed/posts?program=${program}`),
    200,
    'program feed',
  )
  return { detail: detail.status, listed: list.data.some((p) => p.uuid === post) }
}

const setStatus = (status: 'unpaid' | 'overdue' | 'paid' | 'archived') =>
  sql`update credit_bills set status = ${status},
        paid_at = case when ${status} = 'paid' then now() else null end,
        archived_at = case when ${status} = 'archived' then now() else null end
      where holder_user_id = ${billed.id}`.execute(t.services.db)

describe('bills as an audience of card-holder posts', () => {
  it('shows the post to a holder with an unpaid bill of the program, not to others', async () => {
    expect(await sees(billed)).toEqual({ detail: 200, listed: true })
    expect(await sees(unbilled)).toEqual({ detail: 404, listed: false })
    expect(await sees(elsewhere)).toEqual({ detail: 404, listed: false })
  })

  it('counts overdue and paid bills, not archived ones', async () => {
    await setStatus('overdue')
    expect(await sees(billed)).toEqual({ detail: 200, listed: true })
    await setStatus('paid')
    expect(await sees(billed)).toEqual({ detail: 200, listed: true })
    await setStatus('archived')
    expect(await sees(billed)).toEqual({ detail: 404, listed: false })
  })

  it('counts a bill for nothing once the program is blocked', async () => {
    await setStatus('unpaid')
    expect(await sees(billed)).toEqual({ detail: 200, listed: true })
    await sql`update programs set status_before_block = status, status = ${11007}, blocked_by_type = 4,
      blocked_at = now() where id = ${program}`.execute(t.services.db)
    expect((await sees(billed)).detail).toBe(404)
  })
})
