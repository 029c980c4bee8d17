import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPrivateAddress, type Resolver } from '../../platform/address-guard.ts'
import { defaultFetchPolicy, type FetchPolicy, fetchPage } from './fetch.ts'
import { decodeEntities, parsePreview } from './parse.ts'

/**
 * The address guard of link previews against hostile links, with servers on 127.0.0.1 only:
 * a "public" site (the one address the test's policy lets through, standing in for the internet)
 * and an "internal" service that must never be reached, whatever the link, its DNS name or its
 * redirects say. Nothing leaves the machine.
 */

let site: http.Server
let internal: http.Server
let sitePort: number
let internalPort: number
let internalHits = 0
let hugeBytesSent = 0

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title>
   <meta property="og:description" content="Fresh &amp; warm">
   <meta property="og:image" content="/pie.jpg"></head><body>x</body></html>`

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

beforeAll(async () => {
  internal = http.createServer((_req, res) => {
    internalHits++
    res.writeHead(200, { 'content-type': 'text/html' }).end(page('SECRET internal admin'))
  })
  internalPort = await listen(internal)
  site = http.createServer((req, res) => {
    const to = (location: string) => res.writeHead(302, { location }).end()
    switch (req.url) {
      case '/ok':
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page('Apple pie'))
      case '/to-internal-ip':
        return to(`http://127.0.0.1:${internalPort}/secret`)
      case '/to-internal-name':
        return to(`http://evil.test:${internalPort}/secret`)
      case '/to-metadata':
        return to('http://169.254.169.254/latest/meta-data/')
      case '/to-ipv6-loopback':
        return to(`http://[::1]:${internalPort}/`)
      case '/to-file':
        return to('file:///etc/passwd')
      case '/to-ok':
        return to('/ok')
      case '/loop':
        return to('/loop')
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.write(`<html><head><title>Huge</title></head><body>`)
        const chunk = 'x'.repeat(64 * 1024)
        const pump = () => {
          while (hugeBytesSent < 50 * 1024 * 1024) {
            hugeBytesSent += chunk.length
            if (!res.write(chunk)) return res.once('drain', pump)
          }
          res.end()
        }
        res.on('close', () => {})
        return pump()
      }
      case '/slow':
        res.writeHead(200, { 'content-type': 'text/html' })
        return res.write('<html><head>') // and never ends
      case '/json':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      case '/gzip':
        return res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end('x')
      default:
        return res.writeHead(404).end()
    }
  })
  sitePort = await listen(site)
})
afterAll(async () => {
  site.closeAllConnections()
  internal.closeAllConnections()
  await Promise.all([new Promise((r) => site.close(r)), new Promise((r) => internal.close(r))])
})

/** Names the test resolves: the site, and hostile names pointing at private addresses. */
const resolver: Resolver = (hostname, callback) => {
  const table: Record<string, { address: string; family: number }[]> = {
    'site.test': [{ address: '127.0.0.1', family: 4 }],
    'evil.test': [{ address: '127.0.0.1', family: 4 }],
    localhost: [
      { address: '::1', family: 6 },
      { address: '127.0.0.1', family: 4 },
    ],
    'metadata.test': [{ address: '169.254.169.254', family: 4 }],
    'v6.test': [{ address: '::1', family: 6 }],
    'mixed.test': [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ],
    'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  }
  const found = table[hostname]
  if (found) callback(null, found)
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), [])
}

/**
 * The production guard, plus one exception standing in for the internet: the test site's own
 * address and port. Plain http because the local servers have no certificate.
 */
const policy = (): FetchPolicy => ({
  ...defaultFetchPolicy,
  timeoutMs: 1500,
  maxBytes: 64 * 1024,
  allowHttp: true,
  resolve: resolver,
  blocked: (address, port) => !(address === '127.0.0.1' && port === sitePort) && isPrivateAddress(address),
})

describe('link previews', () => {
  it('fetch a page through the guard and read its preview', async () => {
    const result = await fetchPage(`http://site.test:${sitePort}/to-ok`, policy())
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.url).toBe(`http://site.test:${sitePort}/ok`)
    const preview = parsePreview(result.html, 'https://site.example/ok')
    expect(preview).toEqual({
      url: 'https://site.example/ok',
      title: 'Apple pie',
      description: 'Fresh & warm',
      image: 'https://site.example/pie.jpg',
      site_name: null,
    })
  })

  it('refuse every hostile link, and the internal service is never reached', async () => {
    const hostile = [
      // Private, loopback, link-local and metadata addresses, however they are written.
      `http://127.0.0.1:${internalPort}/`,
      `http://localhost:${internalPort}/`,
      `http://[::1]:${internalPort}/`,
      `http://[::ffff:127.0.0.1]:${internalPort}/`,
      `http://2130706433:${internalPort}/`,
      `http://0x7f.0.0.1:${internalPort}/`,
      `http://0.0.0.0:${internalPort}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://[fd00::1]/',
      // DNS names pointing at them.
      `http://evil.test:${internalPort}/`,
      'http://metadata.test/latest/meta-data/',
      `http://v6.test:${internalPort}/`,
      `http://mapped.test:${internalPort}/`,
      'http://mixed.test/',
      // Redirects to them, by address and by name.
      `http://site.test:${sitePort}/to-internal-ip`,
      `http://site.test:${sitePort}/to-internal-name`,
      `http://site.test:${sitePort}/to-metadata`,
      `http://site.test:${sitePort}/to-ipv6-loopback`,
      // Other schemes, credentials.
      `http://site.test:${sitePort}/to-file`,
      'file:///etc/passwd',
      'ftp://site.test/',
      'gopher://127.0.0.1:6379/_INFO',
      `http://user:secret@site.test:${sitePort}/ok`,
    ]
    for (const url of hostile) {
      const result = await fetchPage(url, policy())
      expect(result.ok, url).toBe(false)
      // Refused by the guard itself, not by chance (an unknown name, a closed port).
      if (!result.ok) expect(result.error, url).toMatch(/^(blocked|only https|credentials)/)
    }
    expect(internalHits).toBe(0)
  })

  it('say why: blocked addresses, schemes and redirect loops', async () => {
    const blocked = await fetchPage(`http://evil.test:${internalPort}/`, policy())
    expect(blocked).toMatchObject({ ok: false, error: expect.stringMatching(/blocked/) })
    const redirected = await fetchPage(`http://site.test:${sitePort}/to-internal-ip`, policy())
    expect(redirected).toMatchObject({ ok: false, url: `http://127.0.0.1:${internalPort}/secret` })
    expect(
      (await fetchPage(`http://site.test:${sitePort}/loop`, policy())) as { error: string },
    ).toMatchObject({
      error: 'too many redirects',
    })
    expect(await fetchPage('http://site.test/', { ...policy(), allowHttp: false })).toMatchObject({
      error: 'only https',
    })
    // The production policy refuses plain http and every private address.
    expect(await fetchPage(`http://site.test:${sitePort}/ok`, defaultFetchPolicy)).toMatchObject({
      ok: false,
    })
  })

  it('read at most the size limit of a huge answer, and give up on a slow one in time', async () => {
    const started = Date.now()
    const huge = await fetchPage(`http://site.test:${sitePort}/huge`, policy())
    expect(huge.ok).toBe(true)
    if (huge.ok) {
      expect(huge.truncated).toBe(true)
      expect(huge.html.length).toBeLessThanOrEqual(64 * 1024)
      expect(parsePreview(huge.html, 'https://x.example/').title).toBe('Huge')
    }
    expect(hugeBytesSent).toBeLessThan(50 * 1024 * 1024)
    const slow = await fetchPage(`http://site.test:${sitePort}/slow`, policy())
    expect(slow).toMatchObject({ ok: false, error: 'timed out' })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('take HTML only, uncompressed', async () => {
    expect(await fetchPage(`http://site.test:${sitePort}/json`, policy())).toMatchObject({ ok: false })
    expect(await fetchPage(`http://site.test:${sitePort}/gzip`, policy())).toMatchObject({ ok: false })
    expect(await fetchPage(`http://site.test:${sitePort}/missing`, policy())).toMatchObject({
      error: 'status 404',
    })
  })
})

describe('preview parsing', () => {
  it('prefers Open Graph, falls back to the title and description, keeps https images only', () => {
    const html = `<head><meta name="description" content="Plain"><title>T &#8211; x</title>
      <meta content="Site" property="og:site_name"><meta name="twitter:image" content="http://x.example/a.jpg"></head>`
    expect(parsePreview(html, 'https://x.example/')).toEqual({
      url: 'https://x.example/',
      title: 'T – x',
      description: 'Plain',
      image: null,
      site_name: 'Site',
    })
    expect(decodeEntities('&lt;b&gt; &#x41; &bogus;')).toBe('<b> A &bogus;')
    const long = parsePreview(`<title>${'a'.repeat(400)}</title>`, 'https://x.example/')
    expect(long.title?.length).toBe(300)
  })
})
