import { createReadStream } from 'node:fs'
import { access, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { ModuleDefinition, Services } from '../../modules/platform/module.ts'
import { acceptedEncodings } from './compression.ts'
import { readingPage, withScriptsAfterPaint } from './scripts-after-paint.ts'

/**
 * Serves the built web app (`vite build --config web/vite.config.ts`) from the API process, so the
 * browser talks to one origin. The build has two halves:
 *
 *   web/dist/client/  static files: hashed assets under assets/, version.json, favicon
 *   web/dist/server/  server.js, whose default export `{ fetch }` renders every page (TanStack Start)
 *
 * Static files are answered here; everything else goes to the TanStack Start handler. The API
 * mounts /api itself and passes every other request to the returned handler.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible asset
 * (vite-plugin-compression2 in web/vite.config.ts, highest levels, once per build); the browser gets
 * the best copy its `Accept-Encoding` allows, with `Vary: Accept-Encoding` and a length and ETag of
 * that copy, so no CPU is spent compressing a file per request.
 */

export type WebHandler = (request: Request) => Promise<Response>

/** The modules' `pageStamp`s as one `WebOptions.pageStamp`: the first module owning the page answers. */
export function modulesPageStamp(
  modules: readonly ModuleDefinition[],
  services: Services,
): (request: Request, url: URL) => Promise<string | null> {
  return async (request, url) => {
    const host = request.headers.get('host') ?? url.host
    for (const module of modules) {
      const stamp = await module.pageStamp?.({ services, url, host })
      if (stamp !== undefined) return stamp
    }
    return null
  }
}

const defaultDistDir = path.resolve(import.meta.dirname, '../../web/dist')

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
}

/** Hashed file names never change content: cache for a year. The rest must be revalidated. */
function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return 'public, max-age=31536000, immutable'
  if (relativePath === 'version.json') return 'no-cache, no-store, must-revalidate'
  return 'public, max-age=0, must-revalidate'
}

interface ServerEntry {
  default: { fetch: (request: Request, ...rest: unknown[]) => Response | Promise<Response> }
}

/** Copies the build may have written beside a file, best first, with their file suffix. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const
type Encoding = (typeof encodings)[number]

/** `If-None-Match` holds this ETag (weak comparison, as for GET), or `*`. */
function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === bare
  })
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file)
    return true
  } catch {
    return false
  }
}

interface SharedPage {
  headers: [string, string][]
  /** The page, and its brotli and gzip, made once and sent as they are to every visitor. */
  body: Uint8Array<ArrayBuffer>
  br: Uint8Array<ArrayBuffer>
  gzip: Uint8Array<ArrayBuffer>
}

/** A shared page's renders: the last one done and the one under way (or done). */
interface SharedEntry {
  /** The page's stamp when its render began (`pageStamp`); null when it has none. */
  stamp: string | null
  /** Without a stamp: until when the render serves (ms); infinite while it runs. */
  expires: number
  page: Promise<SharedPage | null>
  last: SharedPage | null
  /** The render's answer when it is not for sharing, until one request takes it. */
  unshared?: Response | undefined
}

export interface WebOptions {
  /**
   * The stamp of a shared page (the modules' `pageStamp`): equal stamps, the same page. Null (or
   * absent) when nobody can tell; the page then serves for a second.
   */
  pageStamp?: (request: Request, url: URL) => Promise<string | null>
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** How long one render of a page without a stamp serves every anonymous visitor (see `renderShared`). */
const sharedPageMs = 1000

/**
 * The key of a page every anonymous visitor gets alike, or null: a GET or HEAD of the food area
 * with no cookie but the language; the host, the address, the language cookie and the browser's
 * languages pick the copy.
 */
function sharedKey(request: Request, url: URL): string | null {
  if (request.method !== 'GET') return null
  if (url.pathname !== '/food' && !url.pathname.startsWith('/food/')) return null
  const cookies = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
  if (cookies.some((cookie) => !cookie.startsWith('lang='))) return null
  return [
    request.headers.get('host') ?? '',
    url.pathname + url.search,
    cookies.join(';'),
    request.headers.get('accept-language') ?? '',
  ].join('\n')
}

/**
 * The web app's fetch handler, or null when there is no build (API-only development and tests).
 * `distDir` is the Vite output directory (default web/dist); `options.pageStamp` says how long a
 * shared guest page stays right.
 */
export async function loadWeb(
  distDir: string = defaultDistDir,
  options: WebOptions = {},
): Promise<WebHandler | null> {
  const clientDir = path.join(distDir, 'client')
  const serverEntry = path.join(distDir, 'server', 'server.js')
  if (!(await exists(serverEntry)) || !(await exists(clientDir))) return null

  const entry = (await import(pathToFileURL(serverEntry).href)) as ServerEntry
  const renderPage = entry.default.fetch.bind(entry.default)
  const render = async (request: Request): Promise<Response> => {
    const response = await renderPage(request)
    return readingPage(new URL(request.url).pathname) ? withScriptsAfterPaint(response) : response
  }
  // What the client directory holds at its top (assets/, version.json, favicon.svg): a page's
  // address starts with none of them, so it is never looked for on disk (a build does not change
  // while the process runs; a new build is a new process).
  const topLevel = new Set(await readdir(clientDir))

  async function serveStatic(request: Request, url: URL): Promise<Response | null> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      return null
    }
    if (pathname.includes('\0')) return null
    // Nothing under a dot folder or file (the build manifest in .vite/, editor or VCS leftovers).
    if (pathname.split('/').some((segment) => segment.startsWith('.'))) return null
    if (!topLevel.has(pathname.split('/')[1] ?? '')) return null
    const file = path.resolve(clientDir, `.${pathname}`)
    // Only files inside the client directory, never a way out of it.
    if (!file.startsWith(`${clientDir}${path.sep}`)) return null
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null

    const relative = path.relative(clientDir, file).split(path.sep).join('/')
    const accepted = acceptedEncodings(request.headers.get('accept-encoding'))
    // The copies the build made (none for images, fonts and small files): the answer varies with
    // Accept-Encoding only when there are any, whatever this browser accepts.
    const variants: { encoding: Encoding; file: string; size: number }[] = []
    for (const encoding of encodings) {
      const copy = await stat(`${file}${encoding.suffix}`).catch(() => null)
      if (copy?.isFile()) variants.push({ encoding, file: `${file}${encoding.suffix}`, size: copy.size })
    }
    const body = variants.find((v) => accepted.has(v.encoding.name)) ?? {
      encoding: null,
      file,
      size: info.size,
    }
    // One ETag per coding: a cache must never answer a gzip request with a validated brotli body.
    const tag = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`
    const etag = `W/"${tag}${body.encoding ? `-${body.encoding.name}` : ''}"`
    const headers = new Headers({
      'content-type': contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': cacheControlFor(relative),
      'last-modified': info.mtime.toUTCString(),
      etag,
      'x-content-type-options': 'nosniff',
    })
    if (variants.length) headers.set('vary', 'Accept-Encoding')
    if (body.encoding) headers.set('content-encoding', body.encoding.name)
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      return new Response(null, { status: 304, headers })
    }
    headers.set('content-length', String(body.size))
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers })
    const stream = Readable.toWeb(createReadStream(body.file)) as ReadableStream<Uint8Array>
    return new Response(stream, { status: 200, headers })
  }

  /**
   * The food area's guest pages (`/food…`) are what most visitors open, and the same for every
   * visitor without a session on a host in a language: one render serves them all (concurrent
   * requests wait for the same render). Only a GET without any cookie but the language, answered
   * 200 without setting a cookie. How long a render serves is the page's stamp (`pageStamp`, from
   * the modules that own the data): while the stamp is unchanged, however long, and never once it
   * changed (the next request waits for a render with the new data). A page without a stamp serves
   * for a second from when its render is done, the last one answering while the next one runs.
   */
  const shared = new Map<string, SharedEntry>()
  async function renderShared(request: Request, url: URL): Promise<Response> {
    const key = sharedKey(request, url)
    if (!key) return render(request)
    let stamp: string | null = null
    try {
      stamp = (await options.pageStamp?.(request, url)) ?? null
    } catch {
      stamp = null
    }
    let entry = shared.get(key)
    let page: SharedPage | null
    if (entry && stamp !== null && entry.stamp === stamp) {
      // The same data: the render made for it, or the one under way.
      page = entry.last ?? (await entry.page)
    } else if (entry && stamp === null && entry.stamp === null && entry.expires > Date.now()) {
      page = entry.last ?? (await entry.page)
    } else {
      if (shared.size >= 500) shared.clear()
      // Without a stamp the last render still answers while the next one runs (stale by at most that
      // render); with one, a changed stamp means changed data, so nothing older answers.
      const stale = stamp === null && entry?.stamp === null ? entry.last : null
      entry = startRender(key, request, stamp, stale)
      page = stale ?? (await entry.page)
    }
    if (!page) {
      const own = entry?.unshared
      if (entry && own) entry.unshared = undefined
      return own ?? render(request)
    }
    const headers = new Headers(page.headers)
    const accepted = acceptedEncodings(request.headers.get('accept-encoding'))
    const coding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null
    const body = coding ? page[coding] : page.body
    headers.set('vary', `${headers.get('vary') ?? 'Host, Cookie, Accept-Language'}, Accept-Encoding`)
    if (coding) headers.set('content-encoding', coding)
    headers.set('content-length', String(body.byteLength))
    return new Response(body, { status: 200, headers })
  }

  /** One render for everyone asking `key`, kept under `stamp` once it is a 200 without a cookie. */
  function startRender(key: string, request: Request, stamp: string | null, stale: SharedPage | null) {
    const entry: SharedEntry = {
      stamp,
      // Until the render is done nothing expires (a slow render still serves its full second).
      expires: Number.POSITIVE_INFINITY,
      last: stale,
      page: Promise.resolve(render(request))
        .then(async (response): Promise<SharedPage | null> => {
          if (response.status !== 200 || response.headers.has('set-cookie')) {
            // Not for sharing (a not-found page, a redirect): one waiting request answers it as it
            // is, the others render their own. Its body must be read or cancelled, or the
            // renderer's stream stays open until its two-minute limit.
            entry.unshared = response
            setTimeout(() => {
              if (entry.unshared !== response) return
              entry.unshared = undefined
              void response.body?.cancel().catch(() => {})
            }, 0)
            return null
          }
          const body = Buffer.from(await response.arrayBuffer())
          // Compressed once for every visitor, not on the way out of each answer.
          const [br, gzip] = await Promise.all([
            brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
            gzipAsync(body, { level: 6 }),
          ])
          const bytes = (b: Buffer) =>
            new Uint8Array(b.buffer, b.byteOffset, b.byteLength) as Uint8Array<ArrayBuffer>
          return { headers: [...response.headers], body: bytes(body), br: bytes(br), gzip: bytes(gzip) }
        })
        .catch(() => null)
        .then((page) => {
          if (page) {
            entry.expires = Date.now() + sharedPageMs
            entry.last = page
          } else if (shared.get(key) === entry) shared.delete(key)
          return page
        }),
    }
    shared.set(key, entry)
    return entry
  }

  return async (request) => {
    const url = new URL(request.url)
    const asset = await serveStatic(request, url)
    if (asset) return asset
    // A missing hashed asset (an old page after a deploy) is a 404, not a page redirecting to /.
    if (url.pathname.startsWith('/assets/')) {
      return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-cache' } })
    }
    const response = await renderShared(request, url)
    // Pages depend on host, language and (later) session: never reuse a stored copy unchecked.
    const type = response.headers.get('content-type') ?? ''
    if (type.startsWith('text/html') && !response.headers.has('cache-control')) {
      try {
        response.headers.set('cache-control', 'no-cache')
      } catch {
        // Immutable headers (a fetched response passed through): leave them as they are.
      }
    }
    return response
  }
}
