import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress'

/** Content codings the API produces, best first. */
const codings = ['br', 'gzip'] as const
export type Coding = (typeof codings)[number]

/**
 * The codings an `Accept-Encoding` header allows (`br;q=0` refuses brotli, `*` stands for any
 * coding not named, `x-gzip` is gzip). An absent or empty header allows none.
 */
export function acceptedEncodings(header: string | null | undefined): Set<Coding> {
  const accepted = new Set<Coding>()
  if (!header) return accepted
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';')
    if (!token) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(token === 'x-gzip' ? 'gzip' : token, Number.isNaN(weight) ? 0 : weight)
  }
  const wildcard = weights.get('*') ?? 0
  for (const coding of codings) if ((weights.get(coding) ?? wildcard) > 0) accepted.add(coding)
  return accepted
}

// Answers are compressed as they are sent, so these levels trade a little size for speed: brotli
// quality 5 is about as fast as gzip level 6 and a fifth smaller on JSON. The web build's assets
// are compressed once, at the highest levels, by the build itself (services/api/web.ts).
const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 5 }
const gzipLevel = 6
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** JSON is built whole before it is sent: compress it whole, and measure it first. */
const wholeBodyType = /^\s*application\/(?:[^;\s]+\+)?json(?:[;\s]|$)/i

function addVary(headers: Headers) {
  const vary = headers.get('vary')
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return
  headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
}

/**
 * Compresses API JSON and server-rendered pages on the fly, with brotli when the browser takes it,
 * else gzip. Left as they are: bodies under `threshold` bytes (a header and a dictionary would make
 * them larger), answers already encoded (the web build's pre-compressed assets), types that do not
 * compress (images, PDF) and event streams (`text/event-stream`: each event must reach the browser
 * at once). A page streamed by the renderer is compressed chunk by chunk, each chunk flushed, so it
 * still arrives in pieces as it is rendered.
 */
export function compressAnswers({ threshold = 1024 }: { threshold?: number } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    // Status and headers first: they leave the node server's light answer as it is, where
    // `res.body` makes a full Response whose bytes are then streamed out (an answer encoded once
    // for many, as a restaurant's menu is, goes out as its bytes).
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return
    if (res.headers.has('content-encoding') || !res.body) return
    const type = res.headers.get('content-type') ?? ''
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('cache-control') ?? '')) return
    const length = res.headers.get('content-length')
    if (length !== null && Number(length) < threshold) return

    const coding = codings.find((name) => acceptedEncodings(c.req.header('accept-encoding')).has(name))
    const headers = new Headers(res.headers)
    const init = { status: res.status, statusText: res.statusText, headers }

    if (length !== null || wholeBodyType.test(type)) {
      const body = Buffer.from(await res.arrayBuffer())
      if (body.length < threshold) {
        headers.set('content-length', String(body.length))
        return replace(c, new Response(body, init))
      }
      addVary(headers)
      if (!coding) return replace(c, new Response(body, init))
      const packed =
        coding === 'br'
          ? await brotliAsync(body, { params: brotliParams })
          : await gzipAsync(body, { level: gzipLevel })
      headers.set('content-encoding', coding)
      headers.set('content-length', String(packed.length))
      weakenEtag(headers)
      return replace(c, new Response(packed, init))
    }

    addVary(headers)
    if (!coding) return replace(c, new Response(res.body, init))
    const compressor =
      coding === 'br'
        ? createBrotliCompress({ params: brotliParams, flush: constants.BROTLI_OPERATION_FLUSH })
        : createGzip({ level: gzipLevel, flush: constants.Z_SYNC_FLUSH })
    const source = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>)
    // A failed or cancelled source ends the compressed stream too (and the other way round).
    pipeline(source, compressor).catch(() => {})
    headers.set('content-encoding', coding)
    headers.delete('content-length')
    weakenEtag(headers)
    replace(c, new Response(Readable.toWeb(compressor) as ReadableStream<Uint8Array>, init))
  }
}

/** Hono copies the old answer's headers onto a new one (its length too): start from none. */
function replace(c: Context, res: Response): void {
  c.res = undefined
  c.res = res
}

/** A compressed body is not byte-for-byte the one a strong ETag named. */
function weakenEtag(headers: Headers) {
  const etag = headers.get('etag')
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
}
