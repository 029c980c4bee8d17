import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type ServerType, serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newApp } from '../../services/api/app.ts'
import {
  expectStatus,
  type Member,
  type Seeding,
  seedAcceptor,
  seeding,
  seedMember,
  seedProgram,
  until,
} from '../../tests/support/factories.ts'
import { createLiveTestContext, freePort, type LiveTestContext } from '../../tests/support/live.ts'
import { modules as platformModules } from '../index.ts'
import { isPrivateAddress, type Resolver } from '../platform/address-guard.ts'
import { defineModule, type Services } from '../platform/module.ts'
import { closeServices, createServices } from '../platform/services.ts'
import { defaultFetchPolicy, feedModule, linkPreviewHandler } from './index.ts'

/**
 * The feed's live parts, with a real HTTP server and worker: link previews fetched by the worker
 * from an https site on 127.0.0.1 (its own self-signed certificate; the address guard lets through
 * only that site's address and port), and new posts reaching open event streams of their audience
 * only, from another API process too (a second app on its own services, meeting through Redis).
 */

let site: https.Server | undefined
let sitePort = 0
let ca = ''
try {
  const dir = mkdtempSync(path.join(tmpdir(), 'feed-tls-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=site.test',
      '-addext',
      'subjectAltName=DNS:site.test',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8')
  site = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: ca }, (req, res) => {
    if (req.url === '/pie')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><head><meta property="og:title" content="Apple pie"><meta property="og:image" content="/pie.jpg"></head></html>',
        )
    res.writeHead(404).end()
  })
} catch {
  site = undefined // no openssl here: the preview test is skipped
}

const resolver: Resolver = (hostname, callback) =>
  hostname === 'site.test' || hostname === 'evil.test'
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), [])

// The feed as production has it, except that its preview handler trusts the test site.
const testFeed = defineModule({
  ...feedModule,
  handlers: [
    linkPreviewHandler({
      ...defaultFetchPolicy,
      timeoutMs: 2000,
      resolve: resolver,
      ca,
      blocked: (address, port) =>
        !(address === '127.0.0.1' && port === sitePort) && isPrivateAddress(address),
    }),
  ],
})
const modules = platformModules.map((m) => (m.name === 'feed' ? testFeed : m))

let t: LiveTestContext
let s: Seeding
let owner: Member
let member: Member & { place: string }
let stranger: Member
let program: string
let second: { services: Services; server: ServerType; url: string }

beforeAll(async () => {
  if (site) {
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve))
    sitePort = (site.address() as AddressInfo).port
  }
  t = await createLiveTestContext({ modules })
  await t.startWorker()
  s = seeding(t)
  owner = await seedMember(s, 'owner')
  stranger = await seedMember(s, 'acceptor')
  program = (await seedProgram(owner, 'payment')).uuid
  member = await seedAcceptor(s, owner, program)
  // A second API process: its own services (connections), the same database and Redis prefix.
  const services = createServices(t.config, 'test-api-2')
  const port = await freePort()
  const server: ServerType = await new Promise((resolve) => {
    const srv = serve({ fetch: newApp({ services, modules }).fetch, port, hostname: '127.0.0.1' }, () =>
      resolve(srv),
    )
  })
  second = { services, server, url: `http://127.0.0.1:${port}` }
}, 120_000)
afterAll(async () => {
  await new Promise<void>((resolve) => second.server.close(() => resolve()))
  await closeServices(second.services)
  await t.close()
  if (site) await new Promise((r) => site!.close(r))
})

interface Stream {
  events: { event: string; data: Record<string, unknown>; at: number }[]
  close(): void
}

/** Opens the feed's event stream and collects its events until closed. */
async function openStream(origin: string, who: Member | null): Promise<Stream> {
  const controller = new AbortController()
  const res = await fetch(`${origin}/api/v1/feed/events`, {
    headers: who ? { authorization: `Bearer ${who.api.token}` } : {},
    signal: controller.signal,
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const stream: Stream = { events: [], close: () => controller.abort() }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (event && data) stream.events.push({ event, data: JSON.parse(data), at: Date.now() })
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // aborted
    }
  })()
  await until(async () => stream.events.some((e) => e.event === 'ready'), 'the stream is ready', 5000)
  return stream
}

const postsIn = (stream: Stream) =>
  stream.events.filter((e) => e.event === 'post').map((e) => e.data.uuid as string)

describe('new posts, live', () => {
  it("reach open feeds of the post's audience within a second, from another API process too", async () => {
    const [asMember, asStranger, asGuest, onSecond] = await Promise.all([
      openStream(t.url, member),
      openStream(t.url, stranger),
      openStream(t.url, null),
      openStream(second.url, member),
    ])
    try {
      const sent = Date.now()
      const forMembers = expectStatus(
        await owner.api<{ uuid: string }>('POST', '/feed/posts', {
          title: 'Members first',
          text: '',
          program_uuid: program,
          audience: 'cardholders',
        }),
        201,
        'members post',
      ).uuid
      const forAll = expectStatus(
        await owner.api<{ uuid: string }>('POST', '/feed/posts', { title: 'Open day', text: '' }),
        201,
        'public post',
      ).uuid
      const secret = expectStatus(
        await owner.api<{ uuid: string }>('POST', '/feed/posts', {
          title: 'Mine',
          text: '',
          audience: 'private',
        }),
        201,
        'private post',
      ).uuid
      await until(
        async () => postsIn(asMember).length >= 2 && postsIn(onSecond).length >= 2,
        'members hear of both',
        5000,
      )
      await until(
        async () => postsIn(asGuest).length >= 1 && postsIn(asStranger).length >= 1,
        'others hear',
        5000,
      )
      // Give a wrongly sent notice time to arrive before asserting it did not.
      await new Promise((r) => setTimeout(r, 300))
      expect(postsIn(asMember)).toEqual([forMembers, forAll])
      expect(postsIn(onSecond)).toEqual([forMembers, forAll])
      expect(postsIn(asStranger)).toEqual([forAll])
      expect(postsIn(asGuest)).toEqual([forAll])
      for (const stream of [asMember, asStranger, asGuest, onSecond])
        expect(postsIn(stream)).not.toContain(secret)
      const firstSeen = asMember.events.find((e) => e.data.uuid === forMembers)!.at
      expect(firstSeen - sent).toBeLessThan(1000)
    } finally {
      for (const stream of [asMember, asStranger, asGuest, onSecond]) stream.close()
    }
  })
})

describe('link previews by the worker', () => {
  it.skipIf(!site)('are fetched from the link through the guard and stored on the post', async () => {
    const hostile = expectStatus(
      await owner.api<{ uuid: string }>('POST', '/feed/posts', {
        title: 'Sneaky',
        text: '',
        link: `evil.test:${sitePort + 1}/`,
      }),
      201,
      'hostile link',
    ).uuid
    const good = expectStatus(
      await owner.api<{ uuid: string; link: string }>('POST', '/feed/posts', {
        title: 'Pie',
        text: '',
        link: `http://site.test:${sitePort}/pie`,
      }),
      201,
      'post with a link',
    )
    expect(good.link).toBe(`https://site.test:${sitePort}/pie`)
    const preview = await until(async () => {
      const res = await owner.api<{ link_preview: Record<string, unknown> | null }>(
        'GET',
        `/feed/posts/${good.uuid}`,
      )
      return res.body.link_preview
    }, 'the preview')
    expect(preview).toEqual({
      url: `https://site.test:${sitePort}/pie`,
      title: 'Apple pie',
      description: null,
      image: `https://site.test:${sitePort}/pie.jpg`,
      site_name: null,
    })
    const refused = await owner.api<{ link_preview: unknown }>('GET', `/feed/posts/${hostile}`)
    expect(refused.body.link_preview).toBeNull()
  })
})
