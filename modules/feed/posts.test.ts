import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../tests/support/context.ts'
import {
  expectStatus,
  type Member,
  type Seeding,
  seedAcceptor,
  seeding,
  seedMember,
  seedProgram,
} from '../../tests/support/factories.ts'
import { loseAnswer } from '../../tests/support/idempotency.ts'
import type { ErrorBody } from '../platform/http.ts'
import type { PostJson } from './http/schemas.ts'

let t: TestContext
let s: Seeding
let owner: Member
let otherOwner: Member
let acceptor: Member & { place: string }
let holder: Member
let admin: Member
let program: string
let otherProgram: string

beforeAll(async () => {
  t = await createTestContext()
  s = seeding(t)
  ;[owner, otherOwner, holder, admin] = await Promise.all([
    seedMember(s, 'owner', { first_name: 'Olivia', last_name: 'Owner' }),
    seedMember(s, 'owner'),
    seedMember(s, 'holder'),
    seedMember(s, 'admin'),
  ])
  program = (await seedProgram(owner, 'payment', { title: 'Koffiebar' })).uuid
  otherProgram = (await seedProgram(otherOwner, 'payment')).uuid
  acceptor = await seedAcceptor(s, owner, program)
})
afterAll(() => t.close())

type Answer = PostJson & ErrorBody
type FeedPage = {
  data: PostJson[]
  pagination: { next_cursor: string | null; has_more: boolean }
} & ErrorBody

/** A post as the web sends it: `text` always there (an empty one when not given here). */
const write = (who: Member, body: Record<string, unknown>) =>
  who.api<Answer>('POST', '/feed/posts', { text: '', ...body })
const read = (who: Member | null, ref: string) =>
  (who ? who.api : s.guest)<Answer>('GET', `/feed/posts/${ref}`)
const list = (who: Member | null, query = '') =>
  (who ? who.api : s.guest)<FeedPage>('GET', `/feed/posts${query}`)

async function post(who: Member, body: Record<string, unknown>): Promise<PostJson> {
  return expectStatus(await write(who, body), 201, 'write a post')
}

const fieldCode = (res: { body: ErrorBody }, field: string) => res.body.error.field_codes?.[field]?.[0]?.code

describe('writing a post', () => {
  it('applies the text rules: title on one line, text in rows, link on https, tags from the text', async () => {
    const p = await post(owner, {
      title: 'Apple pie\nTuesday',
      text: 'Fresh from the oven.\r\n\r\nSee you #Tuesday at #Café!',
      link: 'http://koffiebar.example/menu',
      program_uuid: program,
      tags: ['#cafe_au_lait', 'CAFÉ'],
    })
    expect(p).toMatchObject({
      title: 'Apple pie Tuesday',
      text: { rows: ['Fresh from the oven.', '', 'See you #Tuesday at #Café!'] },
      link: 'https://koffiebar.example/menu',
      audience: 'everyone',
      is_private: false,
      program_uuid: program,
      program: { uuid: program, title: 'Koffiebar', type: 3001 },
      user: { uuid: owner.id, first_name: 'Olivia', full_name: 'Olivia Owner', email: null },
      likes_count: 0,
      comments_count: 0,
      is_liked_by_user: false,
      is_modified: false,
      status: 'published',
      moderation: null,
      can_edit: true,
    })
    expect(p.tags.sort()).toEqual(['cafe_au_lait', 'café', 'tuesday'])
    expect(p.url).toMatch(/^apple-pie-tuesday-[a-z0-9]{8}$/)
    // By uuid and by its address, for a guest too.
    expect(expectStatus(await read(null, p.uuid), 200, 'by uuid').title).toBe('Apple pie Tuesday')
    expect(expectStatus(await read(null, p.url), 200, 'by url').uuid).toBe(p.uuid)
  })

  it('refuses bad input naming the field, and saves nothing', async () => {
    const before = await t.services.db
      .selectFrom('feed_posts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '\n \n' }, 'title', 'required'],
      [{ title: 'x'.repeat(201) }, 'title', 'too_long'],
      [{ title: 'Hi', link: 'javascript:alert(1)' }, 'link', 'link_not_http'],
      [{ title: 'Hi', link: 'https://u:p@example.com' }, 'link', 'link_has_credentials'],
      [{ title: 'Hi', audience: 'cardholders' }, 'program_uuid', 'program_required'],
      [{ title: 'Hi', audience: 'friends' }, 'audience', 'invalid_choice'],
      [{ title: 'Hi', videos: ['https://example.com/v.mp4'] }, 'videos.0', 'video_not_recognised'],
      [{ title: 'Hi', images: ['0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d'] }, 'images.0', 'unknown_upload'],
      [{ title: 'Hi', tags: ['two words'] }, 'tags.0', 'invalid_tag'],
      [{ title: 'Hi', colour: 'red' }, '_', 'unknown_field'],
      [{ title: 'Hi', text: undefined }, 'text', 'required'],
      [{ title: 'Hi', text: 'x'.repeat(10_001) }, 'text', 'too_long'],
    ]
    for (const [body, field, code] of cases) {
      const res = await write(owner, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(fieldCode(res, field), `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(res.body)}`).toBe(
        code,
      )
    }
    const after = await t.services.db
      .selectFrom('feed_posts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    expect(after).toEqual(before)
  })

  it('is for owners in their own programs, acceptors in the programs they take part in, admins anywhere', async () => {
    expect((await write(owner, { title: 'Not mine', program_uuid: otherProgram })).status).toBe(404)
    expect((await write(acceptor, { title: 'Elsewhere', program_uuid: otherProgram })).status).toBe(404)
    expect((await write(acceptor, { title: 'At our counter', program_uuid: program })).status).toBe(201)
    expect((await write(admin, { title: 'Platform news', program_uuid: otherProgram })).status).toBe(201)
    const byHolder = await write(holder, { title: 'Me too' })
    expect(byHolder.status).toBe(403)
    expect(byHolder.body.error.reason).toBe('wrong_user_type')
    // An acceptor who left the program may no longer post in it.
    const left = await seedAcceptor(s, owner, program)
    expectStatus(
      await owner.api('PATCH', `/manager/program-acceptors/${left.place}`, { status: 21005 }),
      200,
      'block',
    )
    const refused = await write(left, { title: 'Still here?', program_uuid: program })
    expect(refused.status).toBe(403)
    expect(refused.body.error.reason).toBe('not_program_acceptor')
  })
})

describe('the program of a post', () => {
  it('is an active one: a draft or a blocked program is refused on the field; an edit keeps its own', async () => {
    const draft = (await seedProgram(owner, 'payment', { status: 'draft' })).uuid
    const later = (await seedProgram(owner, 'payment')).uuid
    for (const who of [owner, admin]) {
      const refused = await write(who, { title: 'Too early', program_uuid: draft })
      expect(refused.status).toBe(400)
      expect(fieldCode(refused, 'program_uuid')).toBe('program_not_active')
    }
    // The post editor lists the owner's programs through this filter: the draft is not among them.
    const offered = expectStatus(
      await owner.api<{ results: { uuid: string }[] }>('GET', '/manager/programs?filter=active&size=100'),
      200,
      'active programs',
    ).results.map((p) => p.uuid)
    expect(offered).toContain(later)
    expect(offered).not.toContain(draft)

    const kept = await post(owner, {
      title: 'Before the block',
      program_uuid: later,
      audience: 'cardholders',
    })
    expect(
      (await owner.api('PATCH', `/manager/programs/${later}`, { status: 11007 })).status,
      'blocked',
    ).toBe(202)
    const blocked = await write(owner, { title: 'After the block', program_uuid: later })
    expect(blocked.status).toBe(400)
    expect(fieldCode(blocked, 'program_uuid')).toBe('program_not_active')
    // Editing the earlier post, as the web sends it (its program again), still saves.
    const edited = expectStatus(
      await owner.api<Answer>('PATCH', `/feed/posts/${kept.uuid}`, {
        title: 'Before the block (edited)',
        program_uuid: later,
      }),
      200,
      'edit keeping the program',
    )
    expect(edited.program_uuid).toBe(later)
    expect(
      await t.services.db
        .selectFrom('feed_posts')
        .select('id')
        .where('title', '=', 'After the block')
        .execute(),
    ).toEqual([])
  })
})

describe('audiences', () => {
  it('private posts are for their author and admins only, everywhere', async () => {
    const p = await post(owner, {
      title: 'Note to self',
      text: 'Remember #secretive',
      program_uuid: program,
      audience: 'private',
    })
    expect(p.is_private).toBe(true)
    expect((await read(owner, p.uuid)).status).toBe(200)
    expect((await read(admin, p.uuid)).status).toBe(200)
    for (const who of [holder, acceptor, otherOwner]) {
      expect((await read(who, p.uuid)).status).toBe(404)
      expect((await read(who, p.url)).status).toBe(404)
      expect((await who.api('GET', `/feed/posts/${p.uuid}/comments`)).status).toBe(404)
      expect((await who.api('POST', `/feed/posts/${p.uuid}/like`)).status).toBe(404)
      const feed = expectStatus(await list(who, '?tag=secretive'), 200, 'tag feed')
      expect(feed.data).toEqual([])
    }
    expect((await read(null, p.uuid)).status).toBe(404)
    expect(
      expectStatus(await list(owner, '?tag=SECRETIVE'), 200, 'own tag feed').data.map((x) => x.uuid),
    ).toEqual([p.uuid])
  })

  it("card-holder posts are for the program's members: its owner, its acceptors, admins", async () => {
    const p = await post(owner, { title: 'Members only', program_uuid: program, audience: 'cardholders' })
    for (const who of [owner, acceptor, admin]) expect((await read(who, p.uuid)).status).toBe(200)
    for (const who of [holder, otherOwner]) expect((await read(who, p.uuid)).status).toBe(404)
    expect((await read(null, p.uuid)).status).toBe(404)
    const acceptorFeed = expectStatus(await list(acceptor, `?program=${program}`), 200, 'program feed')
    expect(acceptorFeed.data.map((x) => x.uuid)).toContain(p.uuid)
    const holderFeed = expectStatus(await list(holder, `?program=${program}`), 200, 'program feed')
    expect(holderFeed.data.map((x) => x.uuid)).not.toContain(p.uuid)
  })

  it('filters name a program or user that exists (404 otherwise); an unknown tag is an empty page', async () => {
    expect((await list(holder, '?program=0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d')).status).toBe(404)
    expect((await list(holder, '?user=0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d')).status).toBe(404)
    expect(expectStatus(await list(holder, '?tag=neverused'), 200, 'tag').data).toEqual([])
    const p = await post(owner, { title: 'By filter', text: '#filtered' })
    const byFilter = expectStatus(await list(null, '?filter=tag&value=Filtered'), 200, 'filter tag')
    expect(byFilter.data.map((x) => x.uuid)).toEqual([p.uuid])
    const byUser = expectStatus(await list(null, `?filter=user&value=${owner.id}`), 200, 'filter user')
    expect(byUser.data.every((x) => x.user_uuid === owner.id)).toBe(true)
    expect(fieldCode(await list(null, '?filter=user&value=nope'), 'value')).toBe('invalid')
  })
})

describe('the feed', () => {
  it('pages newest first with a keyset cursor', async () => {
    const author = await seedMember(s, 'owner')
    const made: string[] = []
    for (let i = 0; i < 5; i++) made.push((await post(author, { title: `Post ${i}` })).uuid)
    const seen: string[] = []
    let query = `?user=${author.id}&size=2`
    for (;;) {
      const page = expectStatus(await list(null, query), 200, 'page')
      seen.push(...page.data.map((x) => x.uuid))
      if (!page.pagination.next_cursor) break
      query = `?user=${author.id}&size=2&before=${page.pagination.next_cursor}`
    }
    expect(seen).toEqual(made.reverse())
    const main = expectStatus(await list(null, '?size=3'), 200, 'main feed')
    expect(main.data).toHaveLength(3)
    expect(main.pagination.has_more).toBe(true)
  })
})

describe('editing and deleting', () => {
  it('only the author edits; the post then says edited', async () => {
    const p = await post(owner, { title: 'Draft title', text: '#old' })
    const edited = expectStatus(
      await owner.api<Answer>('PATCH', `/feed/posts/${p.uuid}`, { title: 'Final\ntitle', text: 'Now #new' }),
      200,
      'edit',
    )
    expect(edited).toMatchObject({ title: 'Final title', is_modified: true, tags: ['new'], url: p.url })
    const byAdmin = await admin.api<Answer>('PATCH', `/feed/posts/${p.uuid}`, { title: 'Admin was here' })
    expect(byAdmin.status).toBe(403)
    expect(byAdmin.body.error.reason).toBe('not_post_author')
    expect((await acceptor.api('PATCH', `/feed/posts/${p.uuid}`, { title: 'x' })).status).toBe(403)
  })

  it('the author deletes: gone for everybody, admins still list it', async () => {
    const p = await post(owner, { title: 'Short-lived' })
    expect((await acceptor.api('DELETE', `/feed/posts/${p.uuid}`)).status).toBe(403)
    expect((await owner.api('DELETE', `/feed/posts/${p.uuid}`)).status).toBe(204)
    for (const who of [owner, admin, holder]) expect((await read(who, p.uuid)).status).toBe(404)
    const listed = expectStatus(
      await admin.api<{ results: { uuid: string; status: string }[] }>(
        'GET',
        `/feed/admin/posts?status=deleted`,
      ),
      200,
      'admin list',
    )
    expect(listed.results.find((x) => x.uuid === p.uuid)?.status).toBe('deleted')
  })
})

describe('moderation', () => {
  it('a hidden post is read-only for its author, with the reason; others get 404', async () => {
    const p = await post(owner, { title: 'Questionable' })
    const moderate = (body: Record<string, unknown>) =>
      admin.api<Answer>('POST', `/feed/admin/posts/${p.uuid}/moderation`, body)
    expect(fieldCode(await moderate({ action: 'hide' }), 'reason')).toBe('required')
    expectStatus(await moderate({ action: 'hide', reason: 'Off-topic' }), 200, 'hide')
    const seen = expectStatus(await read(owner, p.uuid), 200, 'author reads it')
    expect(seen).toMatchObject({ status: 'hidden', moderation: { reason: 'Off-topic' } })
    expect((await read(holder, p.uuid)).status).toBe(404)
    expect((await read(null, p.uuid)).status).toBe(404)
    const like = await owner.api<ErrorBody>('POST', `/feed/posts/${p.uuid}/like`)
    expect(like.status).toBe(422)
    expect(like.body.error.reason).toBe('post_not_published')
    expectStatus(await moderate({ action: 'unhide' }), 200, 'unhide')
    expect((await read(holder, p.uuid)).status).toBe(200)
    expectStatus(await moderate({ action: 'remove', reason: 'Spam' }), 200, 'remove')
    expect(expectStatus(await read(owner, p.uuid), 200, 'author').moderation?.reason).toBe('Spam')
    expect((await read(holder, p.uuid)).status).toBe(404)
  })
})

describe('a write whose answer was lost', () => {
  // A process killed after the commit and before the answer was stored: the retry a minute later
  // takes the Idempotency-Key over and must answer what committed, not write it again.
  it('a post is written once', async () => {
    const key = `post-lost-${owner.id}`
    const body = { text: 'Once only', title: 'Lost answer' }
    const a = expectStatus(
      await owner.api<Answer>('POST', '/feed/posts', body, { 'idempotency-key': key }),
      201,
      'write',
    )
    await loseAnswer(t.services.db, key)
    const b = expectStatus(
      await owner.api<Answer>('POST', '/feed/posts', body, { 'idempotency-key': key }),
      201,
      'retry',
    )
    expect(b.uuid).toBe(a.uuid)
    const posts = await t.services.db
      .selectFrom('feed_posts')
      .select('id')
      .where('author_user_id', '=', owner.id)
      .where('title', '=', 'Lost answer')
      .execute()
    expect(posts).toHaveLength(1)
  })

  it('a comment is added once', async () => {
    const p = await post(owner, { title: 'Comment once' })
    const key = `comment-lost-${p.uuid}`
    const send = () =>
      holder.api<{ uuid: string } & ErrorBody>(
        'POST',
        `/feed/posts/${p.uuid}/comments`,
        { text: 'Only once' },
        { 'idempotency-key': key },
      )
    const a = expectStatus(await send(), 201, 'comment')
    await loseAnswer(t.services.db, key)
    const b = expectStatus(await send(), 201, 'retry')
    expect(b.uuid).toBe(a.uuid)
    const comments = await t.services.db
      .selectFrom('feed_comments')
      .select('id')
      .where('post_id', '=', p.uuid)
      .execute()
    expect(comments).toHaveLength(1)
    expect(expectStatus(await read(owner, p.uuid), 200, 'read').comments_count).toBe(1)
  })
})

describe('likes and comments', () => {
  it('one like per user, toggled, counted', async () => {
    const p = await post(owner, { title: 'Like me' })
    const like = (who: Member, body?: unknown) =>
      who.api<{ is_liked_by_user: boolean; likes_count: number }>('POST', `/feed/posts/${p.uuid}/like`, body)
    expect(expectStatus(await like(holder), 200, 'like').is_liked_by_user).toBe(true)
    expect(expectStatus(await like(acceptor), 200, 'like')).toEqual({
      is_liked_by_user: true,
      likes_count: 2,
    })
    expect(expectStatus(await like(holder), 200, 'unlike')).toEqual({
      is_liked_by_user: false,
      likes_count: 1,
    })
    expect(expectStatus(await like(acceptor, { liked: true }), 200, 'set')).toEqual({
      is_liked_by_user: true,
      likes_count: 1,
    })
    expect(expectStatus(await read(acceptor, p.uuid), 200, 'read').is_liked_by_user).toBe(true)
    expect(expectStatus(await read(holder, p.uuid), 200, 'read').is_liked_by_user).toBe(false)
    expect((await s.guest('POST', `/feed/posts/${p.uuid}/like`)).status).toBe(401)
  })

  it('100 parallel likes and unlikes leave the count equal to the rows', async () => {
    const p = await post(owner, { title: 'Popular' })
    const likers = await Promise.all(Array.from({ length: 25 }, () => seedMember(s, 'holder')))
    const calls = likers.flatMap((who, i) =>
      Array.from({ length: 4 }, (_, j) =>
        who.api(
          'POST',
          `/feed/posts/${p.uuid}/like`,
          j % 2 === 0 && i % 3 === 0 ? { liked: true } : undefined,
        ),
      ),
    )
    const answers = await Promise.all(calls)
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const rows = await t.services.db
      .selectFrom('feed_likes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('post_id', '=', p.uuid)
      .executeTakeFirstOrThrow()
    const read1 = expectStatus(await read(owner, p.uuid), 200, 'read')
    expect(read1.likes_count).toBe(Number(rows.n))
  })

  it("comments: anyone who sees the post; changed by their author, the program's owner and admins", async () => {
    const p = await post(owner, { title: 'Talk to us', program_uuid: program })
    const c1 = expectStatus(
      await holder.api<{ uuid: string; text: { rows: string[] } }>('POST', `/feed/posts/${p.uuid}/comments`, {
        text: { rows: ['Lovely', 'place'] },
      }),
      201,
      'comment',
    )
    expect(c1.text.rows).toEqual(['Lovely', 'place'])
    const c2 = expectStatus(
      await acceptor.api<{ uuid: string }>('POST', `/feed/posts/${p.uuid}/comments`, {
        text: 'Thanks!\nCome again',
      }),
      201,
      'comment 2',
    )
    expect(
      fieldCode(await holder.api('POST', `/feed/posts/${p.uuid}/comments`, { text: ' \n ' }), 'text'),
    ).toBe('required')
    const path = (c: { uuid: string }) => `/feed/posts/${p.uuid}/comments/${c.uuid}`
    const edit = await holder.api<{ is_modified: boolean }>('POST', path(c1), { text: 'Lovely place!' })
    expect(expectStatus(edit, 200, 'edit own').is_modified).toBe(true)
    const notTheirs = await holder.api<ErrorBody>('POST', path(c2), { text: 'Hijack' })
    expect(notTheirs.status).toBe(403)
    expect(notTheirs.body.error.reason).toBe('not_comment_author')
    expect((await otherOwner.api('DELETE', path(c2))).status).toBe(403)
    expect((await owner.api('DELETE', path(c2))).status).toBe(204)
    const page = expectStatus(
      await s.guest<{ data: { uuid: string; user: { email: string | null } }[] }>(
        'GET',
        `/feed/posts/${p.uuid}/comments`,
      ),
      200,
      'comments',
    )
    expect(page.data.map((c) => c.uuid)).toEqual([c1.uuid])
    expect(page.data[0]!.user.email).toBeNull()
    expect(expectStatus(await read(null, p.uuid), 200, 'count').comments_count).toBe(1)
    expect((await admin.api('DELETE', path(c1))).status).toBe(204)
    expect(expectStatus(await read(null, p.uuid), 200, 'count').comments_count).toBe(0)
  })
})

describe('uploads', () => {
  const upload = (
    who: Member | null,
    path: string,
    bytes: Uint8Array,
    name: string,
    type = 'application/octet-stream',
  ) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
    return t.h.request<Record<string, unknown> & ErrorBody>('POST', `/api/v1${path}`, {
      raw: form,
      ...(who?.api.token ? { token: who.api.token } : {}),
    })
  }
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 100, b: 50, alpha: 0.5 } } })
      .png()
      .toBuffer()

  it('takes a PNG, stores it as JPG in three sizes, and shows it to whoever sees the post', async () => {
    const res = await upload(owner, '/feed/upload', await png(2000, 1000), 'cake.png', 'image/png')
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ content_type: 'image/jpeg', name: 'cake.jpg', width: 1600, height: 800 })
    const id = res.body.uuid as string
    // Loose: only its uploader reads it.
    expect((await t.h.get(`/api/v1/feed/images/${id}/small`)).status).toBe(404)
    const own = await t.h.get(`/api/v1/feed/images/${id}/small`, { token: owner.api.token! })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/jpeg')
    const p = await post(owner, { title: 'Cake', images: [id], audience: 'private' })
    expect(p.images[0]).toMatchObject({ uuid: id, width: 1600, height: 800 })
    expect((await t.h.get(`/api/v1/feed/images/${id}/medium`, { token: holder.api.token! })).status).toBe(404)
    expectStatus(
      await owner.api('PATCH', `/feed/posts/${p.uuid}`, { audience: 'everyone' }),
      200,
      'make public',
    )
    const publicImage = await t.h.get(`/api/v1/feed/images/${id}/large`)
    expect(publicImage.status).toBe(200)
    expect(publicImage.headers.get('cache-control')).toContain('public')
    // Another author cannot take it.
    const taken = await write(otherOwner, { title: 'Mine', images: [id] })
    expect(fieldCode(taken, 'images.0')).toBe('unknown_upload')
  })

  it('refuses images that are too large or not PNG/JPG with 422', async () => {
    const tooLarge = await upload(
      owner,
      '/feed/upload',
      new Uint8Array(2 * 1024 * 1024 + 1),
      'big.png',
      'image/png',
    )
    expect(tooLarge.status).toBe(422)
    expect(tooLarge.body.error.reason).toBe('image_too_large')
    const gif = await upload(
      owner,
      '/feed/upload',
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
      'a.png',
      'image/png',
    )
    expect(gif.status).toBe(422)
    expect(gif.body.error.reason).toBe('image_not_jpg_png')
    const text = await upload(owner, '/feed/upload', new TextEncoder().encode('hello'), 'a.jpg', 'image/jpeg')
    expect(text.body.error.field_codes?.file?.[0]?.code).toBe('image_not_jpg_png')
  })

  it('takes documents by their bytes, whatever the client says', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
    const res = await upload(owner, '/feed/files', pdf, 'menu.pdf', 'text/html')
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ content_type: 'application/pdf', name: 'menu.pdf', size: pdf.length })
    const csv = await upload(
      owner,
      '/feed/files',
      new TextEncoder().encode('a,b\n1,2\n'),
      'prices.csv',
      'application/pdf',
    )
    expect(csv.body.content_type).toBe('text/csv; charset=utf-8')
    for (const [bytes, name] of [
      [new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'page.pdf'],
      [new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'tool.pdf'],
      [await png(10, 10), 'picture.pdf'],
      [new Uint8Array([0, 1, 2, 3]), 'binary.txt'],
    ] as const) {
      const refused = await upload(owner, '/feed/files', bytes, name)
      expect(refused.status, name).toBe(422)
      expect(refused.body.error.reason).toBe('file_type_not_allowed')
    }
    const big = await upload(owner, '/feed/files', new Uint8Array(10 * 1024 * 1024 + 1), 'huge.pdf')
    expect(big.status).toBe(422)
    expect(big.body.error.reason).toBe('file_too_large')
    const p = await post(owner, { title: 'Menu', files: [res.body.uuid] })
    const download = await t.h.get(`/api/v1/feed/files/${res.body.uuid}`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.headers.get('content-disposition')).toContain('attachment')
    expect(p.files[0]).toMatchObject({ name: 'menu.pdf', content_type: 'application/pdf' })
  })

  it('recognises YouTube and Vimeo addresses', async () => {
    const yt = expectStatus(
      await owner.api<{ type: string; url: string }>('POST', '/feed/videos', {
        url: 'https://youtu.be/dQw4w9WgXcQ',
      }),
      201,
      'video',
    )
    expect(yt).toMatchObject({ type: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' })
    const bad = await owner.api<ErrorBody>('POST', '/feed/videos', { url: 'https://example.com/video' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.field_codes?.url?.[0]?.code).toBe('video_not_recognised')
    const p = await post(owner, { title: 'Watch', videos: ['https://vimeo.com/76979871'] })
    expect(p.videos[0]).toMatchObject({ type: 'vimeo', full_url: 'https://vimeo.com/76979871' })
  })
})

describe('admin statistics', () => {
  it('counts posts, comments and likes per day', async () => {
    // Days are the business zone's (Amsterdam): from 23:00 UTC its today is UTC's tomorrow.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' })
    const stats = expectStatus(
      await admin.api<{ results: { date: string; posts: number }[] }>(
        'GET',
        `/feed/admin/statistics?from=2026-01-01&to=${today}`,
      ),
      200,
      'statistics',
    )
    expect(stats.results.reduce((n, d) => n + d.posts, 0)).toBeGreaterThan(0)
  })
})

describe('loose uploads', () => {
  it('are removed after a day, with their files, unless a post took them', async () => {
    const { removeLooseUploads } = await import('./jobs/loose-uploads.ts')
    const form = () => {
      const f = new FormData()
      f.append('file', new Blob([new TextEncoder().encode('a,b\n')], { type: 'text/csv' }), 'x.csv')
      return f
    }
    const upload = async () =>
      (
        await t.h.request<{ uuid: string }>('POST', '/api/v1/feed/files', {
          raw: form(),
          token: owner.api.token!,
        })
      ).body.uuid
    const [loose, kept] = [await upload(), await upload()]
    await post(owner, { title: 'Keeps one', files: [kept] })
    const tomorrow = new Date(Date.now() + 25 * 3600 * 1000)
    expect(await removeLooseUploads(t.services, tomorrow)).toBeGreaterThanOrEqual(1)
    expect((await t.h.get(`/api/v1/feed/files/${loose}`, { token: owner.api.token! })).status).toBe(404)
    expect((await t.h.get(`/api/v1/feed/files/${kept}`)).status).toBe(200)
  })
})
