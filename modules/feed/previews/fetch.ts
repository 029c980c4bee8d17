import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import {
  guardedLookupWith,
  isPrivateAddress,
  type LookupFunction,
  type Resolver,
} from '../../platform/address-guard.ts'

/**
 * Fetches the page behind a post's link for its preview, through the platform's address guard
 * (modules/platform/address-guard.ts). The link is chosen by whoever writes the post, so it is
 * treated as hostile:
 *
 * - https only (links are forced to https), no user name or password in it;
 * - the host must resolve to public addresses only, checked on the addresses the connection
 *   really uses (a DNS answer pointing at 127.0.0.1, 10.x, 169.254.169.254, ::1 … is refused, as
 *   is an IP literal of those ranges);
 * - redirects are followed by hand, at most 3, each new address checked again the same way;
 * - one deadline for all of it (5 s), at most 512 KiB of an answer read (the rest is never
 *   downloaded), only HTML taken, no compressed answers asked for.
 *
 * Never throws: every outcome is a result, the reason of a refusal included.
 */

export interface FetchPolicy {
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
  /** Whether an address may be connected to on a port (tests allow their own server). */
  blocked: (address: string, port: number) => boolean
  /** How host names resolve (tests map names of their own). */
  resolve?: Resolver | undefined
  /** Plain http too (tests only: their servers have no certificate). */
  allowHttp: boolean
  /** Certificates to trust instead of the system's (tests only: a server of their own). */
  ca?: string | undefined
}

export const defaultFetchPolicy: FetchPolicy = {
  timeoutMs: 5000,
  maxBytes: 512 * 1024,
  maxRedirects: 3,
  blocked: (address) => isPrivateAddress(address),
  allowHttp: false,
}

export type FetchResult =
  | { ok: true; url: string; html: string; truncated: boolean }
  | { ok: false; url: string; error: string }

interface Hop {
  status: number
  location?: string | undefined
  contentType?: string | undefined
  body?: Buffer | undefined
  truncated?: boolean | undefined
}

/** Why an address may not be fetched at all (before any connection), or null. */
export function refusedUrl(raw: string, policy: Pick<FetchPolicy, 'allowHttp' | 'blocked'>): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'not a URL'
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) return 'only https'
  if (url.username || url.password) return 'credentials in the URL'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && policy.blocked(host, portOf(url))) return 'blocked: private or local address'
  return null
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80)

export async function fetchPage(raw: string, policy: FetchPolicy = defaultFetchPolicy): Promise<FetchResult> {
  const deadline = Date.now() + policy.timeoutMs
  let current = raw
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    const refusal = refusedUrl(current, policy)
    if (refusal) return { ok: false, url: current, error: refusal }
    const left = deadline - Date.now()
    if (left <= 0) return { ok: false, url: current, error: 'timed out' }
    let answer: Hop
    try {
      answer = await request(new URL(current), policy, left)
    } catch (err) {
      const e = err as NodeJS.ErrnoException
      return {
        ok: false,
        url: current,
        error: e.code === 'EBLOCKEDADDRESS' ? `blocked: ${e.message}` : e.message || String(err),
      }
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      try {
        current = new URL(answer.location, current).href
      } catch {
        return { ok: false, url: current, error: 'bad redirect' }
      }
      continue
    }
    if (answer.status < 200 || answer.status >= 300)
      return { ok: false, url: current, error: `status ${answer.status}` }
    if (!/^(text\/html|application\/xhtml\+xml)\b/i.test(answer.contentType ?? ''))
      return { ok: false, url: current, error: `not HTML: ${answer.contentType ?? 'no type'}` }
    return {
      ok: true,
      url: current,
      html: answer.body?.toString('utf8') ?? '',
      truncated: answer.truncated ?? false,
    }
  }
  return { ok: false, url: current, error: 'too many redirects' }
}

/** One request, no redirect followed, its answer read up to the size limit within `ms`. */
function request(url: URL, policy: FetchPolicy, ms: number): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const port = portOf(url)
    const lookup: LookupFunction = guardedLookupWith(
      (address) => policy.blocked(address, port),
      policy.resolve,
    )
    const client = url.protocol === 'https:' ? https : http
    let settled = false
    const done = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      fn()
    }
    const req = client.request(url, {
      method: 'GET',
      agent: false,
      lookup,
      ...(policy.ca ? { ca: policy.ca } : {}),
      headers: {
        'user-agent': 'CardpayLinkPreview/1.0 (+link previews of feed posts)',
        accept: 'text/html,application/xhtml+xml;q=0.9',
        'accept-encoding': 'identity',
      },
    })
    const timer = setTimeout(() => {
      req.destroy()
      done(() => reject(new Error('timed out')))
    }, ms)
    req.on('error', (err) => done(() => reject(err)))
    req.on('response', (res) => {
      const status = res.statusCode ?? 0
      const base = { status, location: res.headers.location, contentType: res.headers['content-type'] }
      const encoding = res.headers['content-encoding']
      if (status >= 300 || (encoding && encoding !== 'identity')) {
        res.destroy()
        req.destroy()
        return done(() => resolve(encoding && status < 300 ? { ...base, status: 415 } : base))
      }
      const declared = Number(res.headers['content-length'] ?? 0)
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        const room = policy.maxBytes - size
        chunks.push(room < chunk.length ? chunk.subarray(0, room) : chunk)
        size += Math.min(room, chunk.length)
        if (size >= policy.maxBytes) {
          res.destroy()
          req.destroy()
          done(() => resolve({ ...base, body: Buffer.concat(chunks), truncated: true }))
        }
      })
      res.on('end', () =>
        done(() => resolve({ ...base, body: Buffer.concat(chunks), truncated: declared > policy.maxBytes })),
      )
      res.on('error', (err) => done(() => reject(err)))
    })
    req.end()
  })
}
