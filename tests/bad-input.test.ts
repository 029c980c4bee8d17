import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from './support/context.ts'
import { seedUser, signInAs } from './support/factories.ts'

/**
 * Bad input never answers 500 (issue 12, item 14): generated from the OpenAPI document, every
 * operation gets bad values of every kind in each of its path parameters, query parameters and
 * top-level body fields (NUL characters, impossible dates, huge strings and numbers, wrong types,
 * malformed JSON and percent-encoding), as the first signed-in role the route lets through. Every
 * answer is below 500, a refusal carries the one error envelope, and the database holds the same
 * rows afterwards.
 */

interface Operation {
  method: string
  path: string
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}
interface Schema {
  $ref?: string
  type?: string | string[]
  format?: string
  properties?: Record<string, Schema>
}

let t: TestContext
const tokens: (string | undefined)[] = [undefined]

beforeAll(async () => {
  t = await createTestContext({ env: { PAY_LIMIT_PER_ADDRESS: '1000000', PAY_LIMIT_PER_PAYMENT: '1000000' } })
  for (const type of [4, 1, 2, 3] as const) {
    tokens.push(
      (await signInAs(t.h, await seedUser(t, { type, legal_type: 1, company_name: 'Fuzz BV' }))).token,
    )
  }
}, 60_000)
afterAll(() => t.close())

const nul = '\u0000'
const longText = 'x'.repeat(20_000)
/** Values for one path or query parameter, as they appear in the address (already encoded). */
const addressValues = [
  '%00',
  `a%00b`,
  '2026-02-30',
  '-1',
  '99999999999999999999999',
  'x'.repeat(300),
  '%E0%A4%A',
  '%',
]
/** Values for one body field. */
const fieldValues: unknown[] = [
  nul,
  `text${nul}`,
  [nul],
  { [nul]: nul },
  '2026-02-30',
  longText,
  -1e308,
  1e308,
  -1,
  1.5,
  true,
  null,
  [],
  {},
]
/** Whole bodies. */
const rawBodies = ['{', '"\\u0000"', '[]', '{"a":"\\u0000"}', '{"\\u0000":1}', 'null', '1e999999']

function fill(path: string, params: Operation['parameters'], override?: [string, string]): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (override && override[0] === name) return override[1]
    const p = params?.find((x) => x.name === name)
    return p?.schema?.format === 'uuid' || /uuid|id$/i.test(name) ? randomUUID() : 'abc'
  })
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.services.db)
  const out: Record<string, number> = {}
  for (const { table_name } of tables.rows) {
    const r = await sql<{ n: string }>`select count(*) as n from ${sql.table(table_name)}`.execute(
      t.services.db,
    )
    out[table_name] = Number(r.rows[0]?.n)
  }
  return out
}

describe('bad input on every operation of the OpenAPI document', () => {
  it('never answers 500, refuses with the error envelope and changes nothing', async () => {
    const doc = await t.h.get<{ paths: Record<string, Record<string, Operation>> }>('/api/v1/openapi.json')
    const operations = Object.entries(doc.body.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
    )
    expect(operations.length).toBeGreaterThan(100)
    const before = await tableCounts()
    const failures: string[] = []
    let requests = 0

    const send = async (op: Operation, url: string, token: string | undefined, body?: string) => {
      requests++
      const res = await t.app.request(url, {
        method: op.method,
        headers: {
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body !== undefined && op.method !== 'GET' ? { body } : {}),
      })
      const text = await res.text()
      const what = `${op.method} ${url.slice(0, 120)} ${body?.slice(0, 60) ?? ''} → ${res.status}`
      if (res.status >= 500) failures.push(what)
      else if (res.status >= 400 && res.headers.get('content-type')?.includes('json')) {
        const parsed = JSON.parse(text) as { error?: { code?: string; request_id?: string } }
        if (!parsed.error?.code || !parsed.error.request_id)
          failures.push(`${what} without the error envelope`)
      }
      return res.status
    }

    for (const op of operations) {
      // The first role the route lets through reaches its validation.
      let token: string | undefined
      for (const candidate of tokens) {
        const status = await send(op, fill(op.path, op.parameters), candidate, '{}')
        token = candidate
        if (status !== 401 && status !== 403) break
      }
      for (const p of op.parameters ?? []) {
        for (const v of addressValues) {
          if (p.in === 'path') await send(op, fill(op.path, op.parameters, [p.name, v]), token, '{}')
          if (p.in === 'query') await send(op, `${fill(op.path, op.parameters)}?${p.name}=${v}`, token, '{}')
        }
      }
      if (op.method === 'GET' || op.method === 'DELETE') continue
      const url = fill(op.path, op.parameters)
      for (const raw of rawBodies) await send(op, url, token, raw)
      const schema = op.requestBody?.content?.['application/json']?.schema
      const properties = schema ? (resolve(doc.body, schema).properties ?? {}) : {}
      for (const name of Object.keys(properties)) {
        for (const v of fieldValues) await send(op, url, token, JSON.stringify({ [name]: v }))
      }
    }
    expect(failures, `${failures.length} of ${requests} requests failed`).toEqual([])
    const after = await tableCounts()
    const changed = Object.keys(after).filter((k) => after[k] !== before[k] && !quietTables.has(k))
    expect(changed.map((k) => `${k}: ${before[k]} → ${after[k]}`)).toEqual([])
  }, 300_000)
})

/** Tables that bookkeeping may touch on refused requests, none of them the caller's data. */
const quietTables = new Set<string>([
  // Every inbound provider webhook delivery is recorded, refused ones with why (docs/payments.md).
  'provider_webhooks',
])

function resolve(doc: unknown, schema: Schema): Schema {
  if (!schema.$ref) return schema
  const name = schema.$ref.split('/').pop() as string
  return (doc as { components: { schemas: Record<string, Schema> } }).components.schemas[name] ?? {}
}
