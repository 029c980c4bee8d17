import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectStatus, type Member, seeding, seedMember } from '../../tests/support/factories.ts'
import { createLiveTestContext, type LiveTestContext } from '../../tests/support/live.ts'

/**
 * Resumable uploads over a real connection: a document's upload is cut three times mid-body (the
 * socket destroyed while the bytes flow), each time the client asks the server how far it got and
 * goes on from there, and the stored file is exactly the bytes sent.
 */
let t: LiveTestContext
let owner: Member
let other: Member
let holder: Member

beforeAll(async () => {
  t = await createLiveTestContext()
  const s = seeding(t)
  ;[owner, other, holder] = await Promise.all([
    seedMember(s, 'owner'),
    seedMember(s, 'acceptor'),
    seedMember(s, 'holder'),
  ])
})
afterAll(() => t.close())

const tus = { 'tus-resumable': '1.0.0' }
const auth = (who: Member) => ({ authorization: `Bearer ${who.api.token}` })

async function create(who: Member, size: number, name: string): Promise<Response> {
  return fetch(`${t.url}/api/v1/feed/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      ...auth(who),
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  })
}

async function offsetOf(who: Member, location: string): Promise<number> {
  const res = await fetch(`${t.url}${location}`, { method: 'HEAD', headers: { ...tus, ...auth(who) } })
  expect(res.status).toBe(200)
  return Number(res.headers.get('upload-offset'))
}

/** PATCHes from `offset` and destroys the connection after `send` bytes went out. */
function cutPatch(location: string, bytes: Buffer, offset: number, send: number): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(`${t.url}${location}`)
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        ...tus,
        ...auth(owner),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length - offset),
      },
    })
    req.on('error', () => resolve())
    req.on('close', () => resolve())
    req.write(bytes.subarray(offset, offset + send), () => {
      // Let the server write what arrived, then drop the line mid-body.
      setTimeout(() => req.destroy(), 150)
    })
  })
}

describe('resumable uploads', () => {
  it('complete after the connection is cut three times, with exactly the bytes sent', async () => {
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      randomBytes(3 * 1024 * 1024),
      Buffer.from('\n%%EOF\n'),
    ])
    const created = await create(owner, bytes.length, 'menu.pdf')
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    expect(location).toMatch(/^\/api\/v1\/feed\/uploads\/[0-9a-f-]{36}$/)

    // Someone else is told it does not exist; a card holder may not upload at all.
    expect(
      (await fetch(`${t.url}${location}`, { method: 'HEAD', headers: { ...tus, ...auth(other) } })).status,
    ).toBe(404)
    expect((await create(holder, 10, 'x.pdf')).status).toBe(403)
    expect((await fetch(`${t.url}/api/v1/feed/uploads`, { method: 'POST', headers: tus })).status).toBe(401)

    let offset = 0
    const offsets: number[] = []
    for (let cut = 0; cut < 3; cut++) {
      await cutPatch(location, bytes, offset, 600 * 1024)
      // The server may still be writing what it got: ask until the offset settles.
      let now = await offsetOf(owner, location)
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 50))
        const again = await offsetOf(owner, location)
        if (again === now) break
        now = again
      }
      expect(now).toBeGreaterThan(offset)
      expect(now).toBeLessThan(bytes.length)
      offset = now
      offsets.push(now)
    }

    // A PATCH at a stale offset is refused; at the server's offset the rest completes the file.
    const stale = await fetch(`${t.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        ...auth(owner),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes.subarray(0, 10)),
    })
    expect(stale.status).toBe(409)
    const done = await fetch(`${t.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        ...auth(owner),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes.subarray(offset)),
    })
    expect(done.status, await done.clone().text()).toBe(200)
    const file = (await done.json()) as { uuid: string; content_type: string; size: number; name: string }
    expect(file).toMatchObject({ content_type: 'application/pdf', size: bytes.length, name: 'menu.pdf' })
    expect(offsets).toHaveLength(3)

    const download = await fetch(`${t.url}/api/v1/feed/files/${file.uuid}`, { headers: auth(owner) })
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true)
    // A post takes it like any upload.
    const post = expectStatus(
      await owner.api<{ files: { uuid: string }[] }>('POST', '/feed/posts', {
        title: 'Menu',
        text: '',
        files: [file.uuid],
      }),
      201,
      'post with the file',
    )
    expect(post.files[0]?.uuid).toBe(file.uuid)
  })

  it('refuses a finished file that is not a document with 422, and a length above the limit', async () => {
    const exe = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0]), randomBytes(1000)])
    const created = await create(owner, exe.length, 'tool.pdf')
    const location = created.headers.get('location')!
    const done = await fetch(`${t.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...tus,
        ...auth(owner),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(exe),
    })
    expect(done.status).toBe(422)
    expect(((await done.json()) as { error: { reason: string } }).error.reason).toBe('file_type_not_allowed')
    expect((await create(owner, 10 * 1024 * 1024 + 1, 'huge.pdf')).status).toBe(413)
  })
})
