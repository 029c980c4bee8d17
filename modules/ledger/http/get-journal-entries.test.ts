import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../tests/support/context.ts'
import { type SignedIn, seedUser, signInAs } from '../../../tests/support/factories.ts'
import type { ErrorBody } from '../../platform/http.ts'
import { type PostingInput, postEntry, reverseEntry } from '../index.ts'

let t: TestContext
let admin: SignedIn
const others: SignedIn[] = []
let owner: SignedIn

beforeAll(async () => {
  t = await createTestContext()
  admin = await signInAs(t.h, await seedUser(t, { type: 4 }))
  for (const type of [2, 3] as const) others.push(await signInAs(t.h, await seedUser(t, { type })))
  owner = await signInAs(t.h, await seedUser(t, { type: 1 }))
})
afterAll(() => t.close())

const post = (input: PostingInput) => t.services.db.transaction().execute((trx) => postEntry(trx, input))

const sale = (id: string, date: string, eur: bigint, usd = 0n): PostingInput => ({
  journal: 'sales',
  date,
  description: `Order ${id} paid`,
  source: { kind: 'payment.paid', id },
  lines: [
    { account: 120, currency: 'EUR', debit: eur },
    { account: 410, currency: 'EUR', credit: eur },
    ...(usd
      ? [
          { account: 120, currency: 'USD', debit: usd } as const,
          { account: 410, currency: 'USD', credit: usd } as const,
        ]
      : []),
  ],
})

interface Listed {
  uuid: string
  journal: string
  number: number
  date: string
  description: string
  source: { kind: string; id: string }
  reversal_of: string | null
  reversed_by: string | null
  totals: { currency: string; amount: number }[]
}
interface ListPage {
  count: number
  next: string | null
  previous: string | null
  pages: number
  size: number
  results: Listed[]
}
const list = (query: string) => t.h.get<ListPage>(`/api/v1/payment/journals?${query}`, { token: admin.token })

describe('GET payment/journals', () => {
  it('lists a journal newest first with totals per currency, filtered by dates and search, in pages', async () => {
    const older = await post(sale('jl-1', '2026-09-01', 1500n))
    const newer = await post(sale('jl-2', '2026-09-03', 2500n, 700n))
    await post({ ...sale('jl-3', '2026-09-02', 900n), journal: 'bank', description: 'Bank jl-3' })

    const sales = await list('journal=sales&search=order jl-')
    expect(sales.status).toBe(200)
    expect(sales.body.count).toBe(2)
    expect(sales.body.results.map((r) => r.uuid)).toEqual([newer.entry.id, older.entry.id])
    expect(sales.body.results[0]).toMatchObject({
      journal: 'sales',
      number: Number(newer.entry.number),
      date: '2026-09-03',
      description: 'Order jl-2 paid',
      source: { kind: 'payment.paid', id: 'jl-2' },
      reversal_of: null,
      reversed_by: null,
      totals: [
        { currency: 'EUR', amount: 2500 },
        { currency: 'USD', amount: 700 },
      ],
    })

    const bank = await list('journal=bank&search=JL-3')
    expect(bank.body.results.map((r) => r.description)).toEqual(['Bank jl-3'])

    const dated = await list('journal=sales&search=jl-&from=2026-09-02&to=2026-09-03')
    expect(dated.body.results.map((r) => r.uuid)).toEqual([newer.entry.id])

    const byNumber = await list(`journal=sales&search=${newer.entry.number}`)
    expect(byNumber.body.results.map((r) => r.uuid)).toContain(newer.entry.id)

    const first = await list('journal=sales&search=jl-&size=1')
    expect(first.body).toMatchObject({ count: 2, pages: 2, size: 1, previous: null })
    expect(first.body.next).toContain('page=2')
    expect(first.body.next).toContain('search=jl-')
    const second = await list('journal=sales&search=jl-&size=1&page=2')
    expect(second.body.results.map((r) => r.uuid)).toEqual([older.entry.id])

    const all = await list('search=jl-')
    expect(all.body.count).toBe(3)
  })

  it('takes LIKE wildcards in the search literally', async () => {
    await post({ ...sale('jl-wild', '2026-08-01', 100n), description: 'Refund 100% of order' })
    const percent = await list('search=100%25 of')
    expect(percent.body.results.map((r) => r.description)).toEqual(['Refund 100% of order'])
    expect((await list('search=%25%25%25nothing')).body.count).toBe(0)
    expect((await list('search=_')).body.results.every((r) => r.description.includes('_'))).toBe(true)
  })

  it('links a reversed entry and its reversal both ways', async () => {
    const original = await post(sale('jl-rev', '2026-07-01', 400n))
    const reversal = await t.services.db.transaction().execute((trx) =>
      reverseEntry(trx, {
        entry_id: original.entry.id,
        date: '2026-07-02',
        description: 'Reversal jl-rev',
      }),
    )
    const listed = await list('journal=sales&search=jl-rev')
    const byId = new Map(listed.body.results.map((r) => [r.uuid, r]))
    expect(byId.get(original.entry.id)?.reversed_by).toBe(reversal.entry.id)
    expect(byId.get(reversal.entry.id)?.reversal_of).toBe(original.entry.id)

    const detail = await t.h.get<{ reversed_by: string | null; reversal_of: string | null }>(
      `/api/v1/payment/journals/${original.entry.id}`,
      { token: admin.token },
    )
    expect(detail.body).toMatchObject({ reversed_by: reversal.entry.id, reversal_of: null })
    const back = await t.h.get<{ reversed_by: string | null; reversal_of: string | null }>(
      `/api/v1/payment/journals/${reversal.entry.id}`,
      { token: admin.token },
    )
    expect(back.body).toMatchObject({ reversed_by: null, reversal_of: original.entry.id })
  })

  it('filters by sub-account, for an owner only within their own scope', async () => {
    const program = 'e2a4b6c8-0000-4000-8000-00000000f001'
    const owner = await signInAs(t.h, await seedUser(t, { type: 1 }))
    const toProgram = (id: string, kind: 'program' | 'owner', external: string): PostingInput => ({
      ...sale(id, '2026-06-01', 300n),
      lines: [
        { account: 120, currency: 'EUR', debit: 300n },
        { account: 230, currency: 'EUR', credit: 300n, sub_account: { kind, external_id: external } },
      ],
    })
    const forProgram = await post(toProgram('jl-sub-1', 'program', program))
    const forOwner = await post(toProgram('jl-sub-2', 'owner', owner.userId))

    const byProgram = await list(`sub_account=program:${program}`)
    expect(byProgram.status).toBe(200)
    expect(byProgram.body.results.map((r) => r.uuid)).toEqual([forProgram.entry.id])

    const ownList = (query: string) =>
      t.h.get<ListPage>(`/api/v1/payment/journals?${query}`, { token: owner.token })
    const mine = await ownList(`sub_account=owner:${owner.userId}`)
    expect(mine.body.results.map((r) => r.uuid)).toEqual([forOwner.entry.id])
    // Another's sub-account is out of an owner's reach: 404, as another tenant's object, never an
    // empty page; so is a prefix under someone else's (another program's acceptors).
    for (const query of [
      `sub_account=program:${program}`,
      `sub_account=owner:${owner.userId},program:${program}`,
      `sub_account=acceptor:${program}/*`,
      'sub_account=owner:*',
    ]) {
      const res = (await ownList(query)) as unknown as { status: number; body: ErrorBody }
      expect(res.status, query).toBe(404)
      expect(res.body.error.code, query).toBe('not_found')
    }
    expect((await ownList(`sub_account=owner:${owner.userId}&search=jl-sub-1`)).body.count).toBe(0)
    // An admin reads every sub-account: one with no entries yet lists none.
    expect((await list('sub_account=program:e2a4b6c8-0000-4000-8000-00000000ffff')).body.count).toBe(0)
  })

  it('filters by several sub-accounts, and by an external id prefix (a program and its acceptors)', async () => {
    const program = 'e2a4b6c8-0000-4000-8000-00000000f002'
    const toAcceptor = (id: string, kind: 'program' | 'acceptor', external: string): PostingInput => ({
      ...sale(id, '2026-06-02', 200n),
      lines: [
        { account: 120, currency: 'EUR', debit: 200n },
        { account: 230, currency: 'EUR', credit: 200n, sub_account: { kind, external_id: external } },
      ],
    })
    const own = await post(toAcceptor('jl-multi-1', 'program', program))
    const atCashpoint = await post(toAcceptor('jl-multi-2', 'acceptor', `${program}/acceptor-1`))
    await post(toAcceptor('jl-multi-3', 'acceptor', 'other-program/acceptor-1'))
    // `_` in a prefix is a character, not a wildcard.
    await post(toAcceptor('jl-multi-4', 'acceptor', `${program.slice(0, -1)}_/acceptor-1`))
    const both = await list(`sub_account=program:${program},acceptor:${program}/*`)
    expect(both.status).toBe(200)
    expect(both.body.results.map((r) => r.uuid).sort()).toEqual([own.entry.id, atCashpoint.entry.id].sort())
  })

  it('answers 400 for bad filters', async () => {
    const bad = async (query: string) => (await list(query)) as unknown as { status: number; body: ErrorBody }
    expect((await bad('journal=payroll')).body.error.fields).toHaveProperty('journal')
    expect((await bad('from=2026-02-30')).body.error.fields).toHaveProperty('from')
    expect((await bad('to=soon')).body.error.fields).toHaveProperty('to')
    expect((await bad('page=0')).body.error.fields).toHaveProperty('page')
    expect((await bad(`search=${'x'.repeat(101)}`)).body.error.fields).toHaveProperty('search')
    expect((await bad('sub_account=planet:1')).body.error.fields).toHaveProperty('sub_account')
    expect((await bad('sub_account=program:1,planet:2')).body.error.fields).toHaveProperty('sub_account')
  })

  it('is for admins, and for program owners only as far as their own sub-accounts go', async () => {
    expect((await t.h.get('/api/v1/payment/journals')).status).toBe(401)
    for (const other of others) {
      expect((await t.h.get('/api/v1/payment/journals', { token: other.token })).status).toBe(403)
    }
    const mine = await t.h.get<{ count: number }>('/api/v1/payment/journals', { token: owner.token })
    expect(mine.status).toBe(200)
    expect(mine.body.count).toBe(0)
  })
})
