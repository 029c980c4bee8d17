import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import { acceptedEncodings, compressAnswers } from './compression.ts'

const big = {
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}`, note: 'same words' })),
}
const page = `<!doctype html><html><body>${'<p>Hallo wereld</p>'.repeat(300)}</body></html>`

/** A bare app with the middleware and one answer of each kind it meets. */
function sample() {
  const app = new Hono()
  app.use('*', compressAnswers())
  app.get('/big', (c) => c.json(big))
  app.get('/small', (c) => c.json({ status: 'ok' }))
  app.get('/page', () => {
    const encoder = new TextEncoder()
    const half = page.length / 2
    // Rendered in two pieces, as a streaming renderer sends a page.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(page.slice(0, half)))
        controller.enqueue(encoder.encode(page.slice(half)))
        controller.close()
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  })
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      for (let i = 0; i < 3; i++) await stream.writeSSE({ event: 'status', data: 'x'.repeat(600) })
    }),
  )
  app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/png' }))
  app.get('/asset', (c) =>
    c.body(new Uint8Array(4096), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
    }),
  )
  app.get('/csv', (c) => c.body('a;b\n'.repeat(1000), 200, { 'content-type': 'text/csv; charset=utf-8' }))
  app.get('/etag', (c) => c.json(big, 200, { etag: '"v1"' }))
  return app
}

const app = sample()
const get = (path: string, encoding?: string, method = 'GET') =>
  app.request(path, { method, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } })

describe('compressAnswers', () => {
  it('compresses large JSON with brotli, length of the compressed body', async () => {
    const res = await get('/big', 'gzip, deflate, br, zstd')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    const body = Buffer.from(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(big)
    expect(body.length).toBeLessThan(JSON.stringify(big).length / 5)
  })

  it('uses gzip for a browser without brotli, nothing for one without either', async () => {
    const gz = await get('/big', 'gzip, deflate')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big)
    const plain = await get('/big')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.json()).toEqual(big)
  })

  it('leaves small bodies as they are', async () => {
    const res = await get('/small', 'br, gzip')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('content-length')).toBe(String('{"status":"ok"}'.length))
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('compresses a streamed page chunk by chunk', async () => {
    const res = await get('/page', 'br')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-length')).toBeNull()
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    const chunks: Uint8Array[] = []
    for await (const chunk of res.body!) chunks.push(chunk)
    // Each piece the renderer sent is flushed on its own, not held back until the end.
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    expect(brotliDecompressSync(Buffer.concat(chunks)).toString()).toBe(page)
  })

  it('never touches event streams', async () => {
    const res = await get('/events', 'br, gzip')
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toContain('event: status')
  })

  it('leaves images and already encoded assets alone', async () => {
    const image = await get('/image', 'br')
    expect(image.headers.get('content-encoding')).toBeNull()
    expect((await image.arrayBuffer()).byteLength).toBe(4096)
    const asset = await get('/asset', 'gzip')
    expect(asset.headers.get('content-encoding')).toBe('br')
    expect(asset.headers.get('vary')).toBe('Accept-Encoding')
    expect((await asset.arrayBuffer()).byteLength).toBe(4096)
  })

  it('compresses other text with a known length, and weakens a strong ETag', async () => {
    const csv = await get('/csv', 'gzip')
    expect(csv.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe('a;b\n'.repeat(1000))
    const tagged = await get('/etag', 'br')
    expect(tagged.headers.get('etag')).toBe('W/"v1"')
    await tagged.body?.cancel()
  })

  it('answers HEAD without a body or an encoding', async () => {
    const res = await get('/big', 'br', 'HEAD')
    expect(res.headers.get('content-encoding')).toBeNull()
  })
})

describe('acceptedEncodings', () => {
  it('reads the codings a browser sends', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'gzip'])
    expect([...acceptedEncodings('gzip;q=1.0, identity; q=0.5, *;q=0')]).toEqual(['gzip'])
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip'])
    expect([...acceptedEncodings('br;q=0, *')]).toEqual(['gzip'])
    expect([...acceptedEncodings('x-gzip')]).toEqual(['gzip'])
    expect([...acceptedEncodings('')]).toEqual([])
    expect([...acceptedEncodings(null)]).toEqual([])
  })
})

describe('the API', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestContext()
  })
  afterAll(() => t.close())

  it('sends its large JSON compressed and its small JSON as it is', async () => {
    const doc = await t.app.request('/api/v1/openapi.json', { headers: { 'accept-encoding': 'br' } })
    expect(doc.status).toBe(200)
    expect(doc.headers.get('content-encoding')).toBe('br')
    expect(doc.headers.get('x-request-id')).toBeTruthy()
    const openapi = JSON.parse(brotliDecompressSync(Buffer.from(await doc.arrayBuffer())).toString())
    expect(openapi.openapi).toBe('3.1.0')

    const health = await t.app.request('/api/v1/health', { headers: { 'accept-encoding': 'br' } })
    expect(health.headers.get('content-encoding')).toBeNull()
    expect(await health.json()).toMatchObject({ status: 'ok' })
  })

  it('compresses the error envelope like any JSON, keeping its status', async () => {
    const res = await t.app.request(`/api/v1/${'x'.repeat(1200)}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())
    expect(body.error.code).toBe('not_found')
  })
})
