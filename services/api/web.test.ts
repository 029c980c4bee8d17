import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWeb, type WebHandler } from './web.ts'

/**
 * The web build as the API serves it, on a made-up build: a hashed script with the brotli and gzip
 * copies the build writes beside it, an image without copies, the build manifest, and a server
 * entry that renders every other path.
 */
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))}\n`

let dist: string
let web: WebHandler

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cardpay-web-'))
  const assets = path.join(dist, 'client', 'assets')
  await mkdir(assets, { recursive: true })
  await mkdir(path.join(dist, 'client', '.vite'), { recursive: true })
  await mkdir(path.join(dist, 'server'), { recursive: true })
  await writeFile(path.join(assets, 'app-abc123.js'), script)
  await writeFile(path.join(assets, 'app-abc123.js.br'), brotliCompressSync(script))
  await writeFile(path.join(assets, 'app-abc123.js.gz'), gzipSync(script))
  await writeFile(path.join(assets, 'logo-def456.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  await writeFile(path.join(dist, 'client', '.vite', 'manifest.json'), '{}')
  await writeFile(path.join(dist, 'client', 'version.json'), '{"buildId":"test"}\n')
  await writeFile(
    path.join(dist, 'server', 'server.js'),
    // Each render numbered, so a test can tell one render from two.
    `let renders = 0\nexport default { fetch: (request) => new Response('<!doctype html><p>' + new URL(request.url).pathname + ' #' + ++renders, { headers: { 'content-type': 'text/html; charset=utf-8' } }) }\n`,
  )
  const handler = await loadWeb(dist)
  if (!handler) throw new Error('no web handler for the test build')
  web = handler
})

afterAll(async () => {
  await rm(dist, { recursive: true, force: true })
})

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  web(new Request(`http://localhost${pathname}`, { method, headers }))

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer())
}

describe('pre-compressed assets', () => {
  it('sends brotli to a browser that accepts it, with its own length and ETag', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+-br"$/)
    const body = await bytes(res)
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    expect(body.length).toBeLessThan(script.length / 10)
    expect(brotliDecompressSync(body).toString()).toBe(script)
  })

  it('sends gzip when brotli is not accepted', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('etag')).toMatch(/-gzip"$/)
    const body = await bytes(res)
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    expect(gunzipSync(body).toString()).toBe(script)
  })

  it('sends the file as it is without Accept-Encoding, still saying that the answer varies', async () => {
    const res = await get('/assets/app-abc123.js')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/)
    expect(Number(res.headers.get('content-length'))).toBe(script.length)
    expect((await bytes(res)).toString()).toBe(script)
  })

  it('honours a refusal (q=0) of a coding', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const none = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' })
    expect(none.headers.get('content-encoding')).toBeNull()
  })

  it('answers 304 only to the ETag of the same coding', async () => {
    const first = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' })
    const etag = first.headers.get('etag')!
    await first.body?.cancel()
    const same = await get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(same.status).toBe(304)
    expect(same.headers.get('content-encoding')).toBe('br')
    expect(same.headers.get('vary')).toBe('Accept-Encoding')
    const other = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(other.status).toBe(200)
    expect(other.headers.get('content-encoding')).toBe('gzip')
    await other.body?.cancel()
  })

  it('answers HEAD with the chosen copy’s length and no body', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(Number(res.headers.get('content-length'))).toBe(brotliCompressSync(script).length)
    expect(await res.text()).toBe('')
  })

  it('sends a file without copies as it is, without Vary', async () => {
    const res = await get('/assets/logo-def456.png', { 'accept-encoding': 'br, gzip' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBeNull()
    expect(res.headers.get('content-type')).toBe('image/png')
    expect((await bytes(res)).length).toBe(4)
  })
})

describe('what is not served as a file', () => {
  it('keeps the build manifest and other dot paths private', async () => {
    const res = await get('/.vite/manifest.json')
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await res.text()).toContain('/.vite/manifest.json')
  })

  it('answers a missing hashed asset with 404', async () => {
    const res = await get('/assets/gone-000000.js', { 'accept-encoding': 'br' })
    expect(res.status).toBe(404)
    await res.body?.cancel()
  })

  it('never lets version.json be stored', async () => {
    const res = await get('/version.json', { 'accept-encoding': 'br' })
    expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate')
    expect(await res.json()).toEqual({ buildId: 'test' })
  })

  it('renders pages with the server entry, revalidated on every visit', async () => {
    const res = await get('/checkout/123')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.text()).toContain('/checkout/123')
  })
})

describe('food guest pages shared by anonymous visitors', () => {
  const text = async (res: Response) => {
    const body = await bytes(res)
    return res.headers.get('content-encoding') === 'br'
      ? brotliDecompressSync(body).toString()
      : body.toString()
  }

  it('renders a food page once a second for every visitor without a session, compressed once', async () => {
    const first = await get('/food/place/x', { cookie: 'lang=en', 'accept-encoding': 'br' })
    const second = await get('/food/place/x', { cookie: 'lang=en' })
    expect(first.headers.get('content-encoding')).toBe('br')
    expect(first.headers.get('vary')).toContain('Accept-Encoding')
    const a = await text(first)
    expect(a).toMatch(/^<!doctype html><p>\/food\/place\/x #\d+$/)
    expect(await text(second)).toBe(a)
  })

  it('renders anew for a visitor with a session cookie, another language or another page', async () => {
    const shared = await text(await get('/food', { cookie: 'lang=en' }))
    expect(await text(await get('/food', { cookie: 'lang=en; access=abc' }))).not.toBe(shared)
    expect(await text(await get('/food', { cookie: 'lang=nl' }))).not.toBe(shared)
    const other = await text(await get('/checkout/x'))
    expect(await text(await get('/checkout/x'))).not.toBe(other)
  })

  it('renders anew once the second is over', async () => {
    const before = await text(await get('/food/product/y'))
    await new Promise((resolve) => setTimeout(resolve, 1100))
    // The first request after the second may still get the last page while the next one renders.
    await text(await get('/food/product/y'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await text(await get('/food/product/y'))).not.toBe(before)
  })
})
