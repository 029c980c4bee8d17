import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { guardedLookup, isPrivateAddress } from './address-guard.ts'

/** What one POST to a merchant endpoint came to. `ok` only for a 2xx answered in time. */
export interface PostResult {
  ok: boolean
  status: number | null
  /** The first `maxResponseBytes` of the answer, as text. */
  body: string | null
  error: string | null
  durationMs: number
}

export interface PostOptions {
  timeoutMs: number
  allowPrivate: boolean
  maxResponseBytes?: number
}

/**
 * POSTs one webhook with node:http rather than fetch, for two reasons: the connection can be made
 * through `guardedLookup`, so the SSRF check applies to the addresses really connected to; and
 * redirects are never followed (a 3xx is a failed attempt, not a hop to somewhere we did not
 * check). One deadline covers connecting, sending and reading the answer. Never throws: every
 * outcome, network errors included, is a result to record.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, allowPrivate, maxResponseBytes = 2048 }: PostOptions,
): Promise<PostResult> {
  const started = performance.now()
  return new Promise((resolve) => {
    let settled = false
    let timer: NodeJS.Timeout | undefined
    const finish = (r: Omit<PostResult, 'durationMs' | 'ok'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      const ok = r.error === null && r.status !== null && r.status >= 200 && r.status < 300
      resolve({ ...r, ok, durationMs: Math.round(performance.now() - started) })
    }
    const fail = (error: string, status: number | null = null, text: string | null = null) =>
      finish({ status, body: text, error })

    let target: URL
    try {
      target = new URL(url)
    } catch {
      return fail('invalid URL')
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return fail('only http and https are allowed')
    const host = target.hostname.replace(/^\[|\]$/g, '')
    if (!allowPrivate && isIP(host) && isPrivateAddress(host))
      return fail('blocked: private or local address')

    const client = target.protocol === 'https:' ? https : http
    let status: number | null = null
    const chunks: Buffer[] = []
    let size = 0
    const text = () =>
      chunks.length ? Buffer.concat(chunks).subarray(0, maxResponseBytes).toString('utf8') : ''

    const req = client.request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      agent: false,
      ...(allowPrivate ? {} : { lookup: guardedLookup }),
    })
    timer = setTimeout(() => {
      req.destroy()
      fail(`timed out after ${timeoutMs} ms`, status, status === null ? null : text())
    }, timeoutMs)
    req.on('error', (err: NodeJS.ErrnoException) => {
      const reason =
        err.code === 'EBLOCKEDADDRESS'
          ? `blocked: ${err.message}`
          : err.code
            ? `${err.code}: ${err.message}`
            : err.message
      fail(reason, status, status === null ? null : text())
    })
    req.on('response', (res) => {
      status = res.statusCode ?? null
      res.on('data', (chunk: Buffer) => {
        if (size < maxResponseBytes) chunks.push(chunk)
        size += chunk.length
        // Enough to show what the merchant answered: stop reading the rest.
        if (size >= maxResponseBytes) {
          finish({ status, body: text(), error: null })
          res.destroy()
        }
      })
      res.on('end', () => finish({ status, body: text(), error: null }))
      res.on('error', (err) => fail(err.message, status, text()))
    })
    req.end(body)
  })
}
