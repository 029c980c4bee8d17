import {
  acceptorTakingPart,
  type Caller,
  isAcceptor,
  isAdmin,
  isOwner,
  programOfOwner,
} from '../../platform/access.ts'
import type { RequestContext } from '../../platform/context.ts'
import type { Db, DbOrTrx, Trx } from '../../platform/db.ts'
import { AppError, fieldProblem, invalidField, notFound } from '../../platform/errors.ts'
import { publish } from '../../platform/events.ts'
import { committedEffect, recordEffect } from '../../platform/idempotency.ts'
import { newId } from '../../platform/ids.ts'
import { acceptorStanding, findProgram, programStatuses } from '../../programs/index.ts'
import { attachUploads, setPostVideos } from '../db/media.ts'
import { findPost, insertPost, lockPost, type PostRow, setPostTags, updatePostRow } from '../db/posts.ts'
import { notPostAuthor } from '../errors.ts'
import { postLinkSet } from '../events.ts'
import { factsOf } from '../queries/posts.ts'
import { type Audience, canSee, type Viewer } from '../rules/audience.ts'
import { hashtags, tagKey, tagLimits } from '../rules/tags.ts'
import { httpsLink } from '../rules/text.ts'
import { recogniseVideo, videoPageUrl } from '../rules/videos.ts'

/** A post as the routes hand it over, already through the schemas' text rules. */
export interface PostInput {
  title: string
  text: string[]
  link?: string | null | undefined
  program_uuid?: string | null | undefined
  audience?: Audience | undefined
  is_private?: boolean | undefined
  images?: string[] | undefined
  files?: string[] | undefined
  videos?: string[] | undefined
  tags?: string[] | undefined
}

/** What a post says once checked: its audience, program, link, tags and videos. */
interface CheckedPost {
  audience: Audience
  program_id: string | null
  link: string | null
  tags: string[]
  videos: { id: string; provider: 'youtube' | 'vimeo'; video_id: string; full_url: string }[] | undefined
}

/**
 * The audience from `audience` and the specification's `is_private`: either says it; both must
 * agree. Default: everyone.
 */
function audienceOf(
  input: Pick<PostInput, 'audience' | 'is_private'>,
  current: Audience = 'everyone',
): Audience {
  if (
    input.audience !== undefined &&
    input.is_private !== undefined &&
    input.is_private !== (input.audience === 'private')
  )
    throw invalidField('is_private', 'invalid', 'is_private contradicts audience')
  if (input.audience !== undefined) return input.audience
  if (input.is_private === true) return 'private'
  if (input.is_private === false && current === 'private') return 'everyone'
  return current
}

/**
 * The program a post may be about: an admin names any program, an owner one of their own, an
 * acceptor one they take part in now (access kernel: another's is 404, a place given up 403). It
 * must be active: a draft has no members yet, and a blocked or expired program is closed to its
 * acceptors and card holders (400 `program_not_active` on `program_uuid`).
 */
async function programForPost(db: DbOrTrx, me: Caller, uuid: string): Promise<string> {
  const program = await findProgram(db, uuid)
  const active = (p: { uuid: string; status: number }) => {
    if (p.status !== programStatuses.active)
      throw invalidField('program_uuid', 'program_not_active', 'only an active program can be chosen')
    return p.uuid
  }
  if (isAdmin(me)) {
    if (!program) throw notFound('program')
    return active(program)
  }
  if (isOwner(me)) return active(programOfOwner(me, program))
  if (isAcceptor(me) && program) {
    acceptorTakingPart(me, await acceptorStanding(db, program.uuid, me.user_id))
    return active(program)
  }
  throw notFound('program')
}

/** Tags: the text's hashtags, then the extra ones given, by key, at most 30. */
function tagsOf(rows: readonly string[], extra: readonly string[]): string[] {
  const keys = [...new Set([...hashtags(rows), ...extra.map(tagKey)])]
  if (keys.length > tagLimits.perPost)
    throw invalidField(
      'tags',
      'too_many',
      `at most ${tagLimits.perPost} tags (hashtags of the text included)`,
      {
        maximum: tagLimits.perPost,
      },
    )
  return keys
}

/** Videos by address: each must be YouTube or Vimeo (400 naming `videos.N` otherwise). */
function videosOf(urls: readonly string[]) {
  return urls.map((url, i) => {
    const video = recogniseVideo(url)
    if (!video) throw invalidField(`videos.${i}`, 'video_not_recognised', 'not a YouTube or Vimeo video')
    return { id: newId(), ...video, full_url: videoPageUrl(video) }
  })
}

async function checkPost(
  db: DbOrTrx,
  me: Caller,
  input: Partial<PostInput>,
  current?: PostRow,
): Promise<CheckedPost> {
  const audience = audienceOf(input, (current?.audience as Audience | undefined) ?? 'everyone')
  let programId = current?.program_id ?? null
  // An edit that keeps the post's program keeps it, even when the program is no longer active.
  if (input.program_uuid !== undefined && input.program_uuid !== current?.program_id) {
    programId = input.program_uuid === null ? null : await programForPost(db, me, input.program_uuid)
  }
  if (audience === 'cardholders' && programId === null)
    throw invalidField('program_uuid', 'program_required', 'a post for card holders needs its program')
  const link = input.link === undefined ? (current?.link ?? null) : httpsLink(input.link)
  const rows = input.text ?? (current ? (current.text as { rows: string[] }).rows : [])
  return {
    audience,
    program_id: programId,
    link,
    tags: tagsOf(rows, input.tags ?? []),
    videos: input.videos === undefined ? undefined : videosOf(input.videos),
  }
}

/** Refuses the request naming the first upload that is not the author's own loose one (or this post's). */
async function attachAll(trx: Trx, post: PostRow, me: Caller, input: Partial<PostInput>): Promise<void> {
  for (const [field, table] of [
    ['images', 'feed_images'],
    ['files', 'feed_files'],
  ] as const) {
    const ids = input[field]
    if (ids === undefined) continue
    const missing = await attachUploads(trx, table, post.id, me.user_id, ids)
    if (missing.length) {
      const problems = Object.fromEntries(
        missing.map((id) => [
          `${field}.${ids.indexOf(id)}`,
          [fieldProblem('unknown_upload', 'no such upload of yours (upload it first)')],
        ]),
      )
      throw new AppError('validation_failed', 'validation failed', { fields: problems })
    }
  }
}

/**
 * Publishes a post: its program checked (the author's own, one they take part in, any for an
 * admin), its link forced to https, its tags taken from the text, the author's uploads attached and
 * its videos recognised, in one transaction. A link gets its preview fetched by the worker
 * (`feed.post.link-set`). Program owners, acceptors and admins write posts (docs/feed.md).
 */
export async function createPost(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  input: PostInput,
): Promise<PostRow> {
  const checked = await checkPost(db, me, input)
  const post = await db.transaction().execute(async (trx) => {
    // A retry of a request that committed and died before answering: that post, not a second one.
    const committed = await committedEffect(trx, ctx.idempotency)
    const earlier = committed ? await findPost(trx, committed) : undefined
    if (earlier) return earlier
    const row = await insertPost(trx, {
      id: newId(),
      author_user_id: me.user_id,
      program_id: checked.program_id,
      audience: checked.audience,
      title: input.title,
      text: JSON.stringify({ rows: input.text }),
      link: checked.link,
    })
    await setPostTags(trx, row.id, checked.tags)
    await attachAll(trx, row, me, input)
    if (checked.videos) await setPostVideos(trx, row.id, me.user_id, checked.videos)
    if (checked.link) await publish(trx, postLinkSet, { post_id: row.id, link: checked.link }, ctx)
    await recordEffect(trx, ctx.idempotency, row.id)
    return row
  })
  ctx.log.info({ post_id: post.id, audience: post.audience, program_id: post.program_id }, 'post published')
  return post
}

/** The post for a change by its author: 404 when the caller does not see it, 403 when not theirs. */
async function authorsPost(trx: Trx, viewer: Viewer, postId: string): Promise<PostRow> {
  const post = await lockPost(trx, postId)
  if (!post || !canSee(viewer, factsOf(post))) throw notFound('post')
  if (post.author_user_id !== viewer.user_id) throw notPostAuthor()
  return post
}

/**
 * Edits a post (its author only; the post then says "edited"). Only the fields given change; when
 * the text or the tags are given, the tags become the text's hashtags plus the tags given; lists
 * given (images, files, videos) replace the post's. A changed link gets a new preview.
 */
export async function updatePost(
  db: Db,
  ctx: RequestContext,
  viewer: Viewer,
  postId: string,
  input: Partial<PostInput>,
): Promise<PostRow> {
  const post = await db.transaction().execute(async (trx) => {
    const current = await authorsPost(trx, viewer, postId)
    const checked = await checkPost(trx, viewer, input, current)
    const linkChanged = checked.link !== current.link
    const row = await updatePostRow(trx, current.id, {
      title: input.title ?? current.title,
      ...(input.text ? { text: JSON.stringify({ rows: input.text }) } : {}),
      audience: checked.audience,
      program_id: checked.program_id,
      link: checked.link,
      ...(linkChanged ? { link_preview: null } : {}),
      modified_at: new Date(),
    })
    if (input.text !== undefined || input.tags !== undefined) await setPostTags(trx, row.id, checked.tags)
    await attachAll(trx, row, viewer, input)
    if (checked.videos) await setPostVideos(trx, row.id, viewer.user_id, checked.videos)
    if (linkChanged && checked.link)
      await publish(trx, postLinkSet, { post_id: row.id, link: checked.link }, ctx)
    return row
  })
  ctx.log.info({ post_id: post.id }, 'post edited')
  return post
}

/** Deletes a post (its author only): gone for everybody; admins still find it in their list. */
export async function deletePost(db: Db, ctx: RequestContext, viewer: Viewer, postId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const post = await authorsPost(trx, viewer, postId)
    await updatePostRow(trx, post.id, { status: 'deleted', deleted_at: new Date() })
  })
  ctx.log.info({ post_id: postId }, 'post deleted by its author')
}

export type ModerationAction = 'hide' | 'unhide' | 'remove'

/**
 * An admin hides a post (reversible: `unhide`) or removes it, with a reason its author reads on
 * the post (which stays visible to them and admins only). A post its author deleted is 404.
 */
export async function moderatePost(
  db: Db,
  ctx: RequestContext,
  me: Caller,
  postId: string,
  action: ModerationAction,
  reason: string | undefined,
): Promise<PostRow> {
  if (action !== 'unhide' && !reason) throw invalidField('reason', 'required', 'say why: the author reads it')
  const post = await db.transaction().execute(async (trx) => {
    const current = await lockPost(trx, postId)
    if (!current || current.status === 'deleted') throw notFound('post')
    if (action === 'unhide') {
      if (current.status !== 'hidden') return current
      return updatePostRow(trx, current.id, {
        status: 'published',
        moderation_reason: null,
        moderated_at: null,
        moderated_by: me.user_id,
      })
    }
    return updatePostRow(trx, current.id, {
      status: action === 'hide' ? 'hidden' : 'removed',
      moderation_reason: reason ?? null,
      moderated_at: new Date(),
      moderated_by: me.user_id,
    })
  })
  ctx.log.info({ post_id: postId, action, by: me.user_id }, 'post moderated')
  return post
}
