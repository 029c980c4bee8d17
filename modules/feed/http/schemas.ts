import type { Context } from 'hono'
import { type PublicUser, requireUser } from '../../identity/index.ts'
import { type Caller, isAdmin } from '../../platform/access.ts'
import { withCode } from '../../platform/errors.ts'
import { z } from '../../platform/http.ts'
import type { AppEnv } from '../../platform/module.ts'
import type { ProgramCard } from '../../programs/index.ts'
import type { PostDetailRow } from '../queries/feed.ts'
import { audiences } from '../rules/audience.ts'
import { isTag, tagLimits } from '../rules/tags.ts'
import { postTitle, rowsLength, textLimits, textRows } from '../rules/text.ts'
import { videoEmbedUrl, videoPageUrl } from '../rules/videos.ts'

export { requestContext } from '../../platform/module.ts'

/**
 * The caller of a route guests may use too: the signed-in user, or null for a guest (no token).
 * A token that is no longer valid is a 401, as on signed-in routes, so the web refreshes it
 * instead of showing a signed-in person the guest's feed.
 */
export function viewerCaller(c: Context<AppEnv>): Caller | null {
  if (c.get('actor').kind === 'user') return requireUser(c)
  const cookie = c.req.header('cookie') ?? ''
  if (c.req.header('authorization') || /(^|;\s*)cp_at=/.test(cookie)) requireUser(c)
  return null
}

export const uuidParam = (what: string) =>
  z.object({ uuid: z.uuid(`not a ${what} id`).openapi({ param: { name: 'uuid', in: 'path' } }) })

/** Text as the API takes it: a string (split at line breaks), a list of rows, or `{rows: [...]}`. */
const rowsInput = (max: number) =>
  z
    .union([z.string(), z.array(z.string()), z.object({ rows: z.array(z.string()) }).strict()], {
      message: 'text: a string, a list of rows or {"rows": [...]}',
    })
    .transform((v) => textRows(typeof v === 'string' || Array.isArray(v) ? v : v.rows))
    .superRefine((rows, ctx) => {
      const length = rowsLength(rows)
      if (length > max)
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: max,
          input: rows,
          message: `at most ${max} characters`,
        })
      if (rows.length > textLimits.rows)
        ctx.addIssue({
          code: 'too_big',
          origin: 'array',
          maximum: textLimits.rows,
          input: rows,
          message: `at most ${textLimits.rows} rows`,
        })
    })
    .openapi({
      description: `A string (split into rows at line breaks), a list of rows, or {"rows": [...]}; at most ${max} characters`,
      example: { rows: ['Fresh apple pie today.', '', '#cake #tuesday'] },
    })

export const postTextInput = rowsInput(textLimits.text)
export const commentTextInput = rowsInput(textLimits.comment).refine((rows) => rowsLength(rows) > 0, {
  message: 'write something',
  params: withCode('required'),
})

export const postTitleInput = z
  .string({ message: 'a title is required' })
  .transform(postTitle)
  .pipe(
    z.string().min(1, 'a title is required').max(textLimits.title, `at most ${textLimits.title} characters`),
  )
  .openapi({ type: 'string', description: 'Line breaks become spaces', example: 'Apple pie Tuesday' })

const tagInput = z
  .string()
  .refine(isTag, { message: 'a tag is word characters only, at most 64', params: withCode('invalid_tag') })

/** The fields of a post as `POST posts` takes them (PATCH: each optional). */
export const postFields = {
  title: postTitleInput,
  text: postTextInput,
  link: z
    .string()
    .max(4096)
    .nullable()
    .openapi({ description: 'A web address, forced to https (`example.com` → `https://example.com/`)' }),
  program_uuid: z.uuid('not a program id').nullable().openapi({
    description:
      "The post's program: the author's own (owner), one they take part in (acceptor), any (admin). Required for the cardholders audience",
  }),
  audience: z.enum(audiences, { message: 'everyone, cardholders or private' }).openapi({
    description: 'everyone (guests too), cardholders (members of the program), private (author and admins)',
  }),
  is_private: z.boolean().openapi({ description: 'The specification’s flag: true is audience private' }),
  images: z
    .array(z.uuid('not an upload id'))
    .max(10, 'at most 10 images')
    .openapi({ description: 'Uuids of images uploaded with POST feed/upload, in order' }),
  files: z
    .array(z.uuid('not an upload id'))
    .max(10, 'at most 10 files')
    .openapi({ description: 'Uuids of files uploaded with POST feed/files, in order' }),
  videos: z
    .array(z.string().max(2048))
    .max(5, 'at most 5 videos')
    .openapi({ description: 'YouTube or Vimeo addresses (full urls), in order' }),
  tags: z
    .array(tagInput)
    .max(tagLimits.perPost, `at most ${tagLimits.perPost} tags`)
    .openapi({ description: 'Tags besides the hashtags of the text (with or without #)' }),
}

const imageJson = z
  .object({
    uuid: z.uuid(),
    path: z.string().openapi({ description: 'The large JPG (at most 1600 px)' }),
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int().openapi({ description: 'Bytes of the large JPG' }),
    sizes: z.object({ small: z.string(), medium: z.string(), large: z.string() }).openapi({
      description: 'The JPG at most 320, 800 and 1600 px on its longest side',
    }),
  })
  .openapi('FeedImage')

const fileJson = z
  .object({
    uuid: z.uuid(),
    path: z.string(),
    name: z.string(),
    size: z.number().int(),
    content_type: z.string().openapi({ description: 'As sniffed from the bytes' }),
  })
  .openapi('FeedFile')

const videoJson = z
  .object({
    uuid: z.uuid(),
    type: z.enum(['youtube', 'vimeo']),
    url: z.string().openapi({ description: 'The player to embed (load it only when the viewer clicks)' }),
    full_url: z.string().openapi({ description: "The video's page" }),
    thumbnail_url: z.string().nullable(),
  })
  .openapi('FeedVideo')

const authorJson = z
  .object({
    uuid: z.uuid(),
    type: z.number().int().openapi({ description: 'owner 1, acceptor 2, card holder 3, admin 4' }),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    company_name: z.string().nullable(),
    avatar: z.string().nullable(),
    email: z.string().nullable().openapi({ description: 'Only for admins; null for everyone else' }),
  })
  .openapi('FeedAuthor')

export const linkPreviewJson = z
  .object({
    url: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    image: z
      .string()
      .nullable()
      .openapi({ description: "The page's image address (https), not fetched by us" }),
    site_name: z.string().nullable(),
  })
  .openapi('FeedLinkPreview')

export const postJson = z
  .object({
    uuid: z.uuid(),
    url: z.string().openapi({ description: 'The readable address: /posts/{url}' }),
    created: z.iso.datetime(),
    modified: z.iso.datetime().nullable(),
    is_modified: z.boolean(),
    title: z.string(),
    text: z.object({ rows: z.array(z.string()) }),
    link: z.string().nullable(),
    link_preview: linkPreviewJson.nullable().openapi({ description: 'Null until the worker fetched it' }),
    audience: z.enum(audiences),
    is_private: z.boolean(),
    tags: z.array(z.string()),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    is_liked_by_user: z.boolean(),
    user_uuid: z.uuid(),
    user: authorJson,
    program_uuid: z.uuid().nullable(),
    program: z
      .object({
        uuid: z.uuid(),
        type: z.number().int(),
        title: z.string(),
        description: z.string(),
        image: z.string().nullable(),
      })
      .nullable(),
    images: z.array(imageJson),
    files: z.array(fileJson),
    videos: z.array(videoJson),
    status: z.enum(['published', 'hidden', 'removed']).openapi({
      description: 'hidden or removed by an admin: only its author (with the reason) and admins see it',
    }),
    moderation: z
      .object({ reason: z.string(), at: z.iso.datetime() })
      .nullable()
      .openapi({ description: "Why an admin hid or removed the post (for its author's eyes)" }),
    can_edit: z.boolean().openapi({ description: 'The viewer wrote it' }),
  })
  .openapi('FeedPost')

export type PostJson = z.infer<typeof postJson>

export const imagePath = (id: string, size: 'small' | 'medium' | 'large') =>
  `/api/v1/feed/images/${id}/${size}`
export const filePath = (id: string) => `/api/v1/feed/files/${id}`

export function toPostJson(
  r: PostDetailRow,
  author: PublicUser | undefined,
  program: ProgramCard | undefined,
  viewer: Caller | null,
): PostJson {
  const moderated = r.status === 'hidden' || r.status === 'removed'
  return {
    uuid: r.id,
    url: r.url,
    created: r.created_at.toISOString(),
    modified: r.modified_at?.toISOString() ?? null,
    is_modified: r.modified_at !== null,
    title: r.title,
    text: { rows: r.text.rows },
    link: r.link,
    link_preview: (r.link_preview as PostJson['link_preview']) ?? null,
    audience: r.audience as PostJson['audience'],
    is_private: r.audience === 'private',
    tags: r.tags,
    likes_count: r.likes_count,
    comments_count: r.comments_count,
    is_liked_by_user: r.liked,
    user_uuid: r.author_user_id,
    user: {
      uuid: r.author_user_id,
      type: author?.type ?? 0,
      first_name: author?.first_name ?? '',
      last_name: author?.last_name ?? '',
      full_name: author?.full_name ?? '',
      company_name: author?.company_name ?? null,
      avatar: author?.avatar ?? null,
      email: viewer && isAdmin(viewer) ? (author?.email ?? null) : null,
    },
    program_uuid: program ? program.uuid : null,
    program: program
      ? {
          uuid: program.uuid,
          type: program.type,
          title: program.title,
          description: program.description,
          image: null,
        }
      : null,
    images: r.images.map((i) => ({
      uuid: i.id,
      path: imagePath(i.id, 'large'),
      name: i.name,
      width: i.width,
      height: i.height,
      size: i.bytes,
      sizes: {
        small: imagePath(i.id, 'small'),
        medium: imagePath(i.id, 'medium'),
        large: imagePath(i.id, 'large'),
      },
    })),
    files: r.files.map((f) => ({
      uuid: f.id,
      path: filePath(f.id),
      name: f.name,
      size: f.bytes,
      content_type: f.content_type,
    })),
    videos: r.videos.map((v) => ({
      uuid: v.id,
      type: v.provider,
      url: videoEmbedUrl(v),
      full_url: videoPageUrl(v),
      thumbnail_url: v.provider === 'youtube' ? `https://i.ytimg.com/vi/${v.video_id}/hqdefault.jpg` : null,
    })),
    status: r.status as PostJson['status'],
    moderation:
      moderated && r.moderation_reason && r.moderated_at
        ? { reason: r.moderation_reason, at: r.moderated_at.toISOString() }
        : null,
    can_edit: viewer !== null && viewer.user_id === r.author_user_id,
  }
}

/** The feed's list shape (spec section 7: "reads data and pagination"), newest first, keyset paged. */
export function feedPageSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      pagination: z.object({
        size: z.number().int(),
        has_more: z.boolean(),
        next_cursor: z.string().nullable().openapi({ description: 'Pass as `before` for the next page' }),
        next: z.string().nullable().openapi({ description: 'Link to the next page, null on the last' }),
      }),
    })
    .openapi(name)
}

/** One page of a keyset list from `size + 1` rows read: the page, and where the next one starts. */
export function toFeedPage<T extends { uuid: string }>(url: string, size: number, rows: T[]) {
  const data = rows.slice(0, size)
  const hasMore = rows.length > size
  const cursor = hasMore ? (data.at(-1)?.uuid ?? null) : null
  let next: string | null = null
  if (cursor) {
    const u = new URL(url)
    u.searchParams.set('before', cursor)
    next = u.toString()
  }
  return { data, pagination: { size, has_more: hasMore, next_cursor: cursor, next } }
}

export const pageQuery = {
  before: z
    .uuid('not a post id')
    .optional()
    .openapi({ description: 'The last post of the page before (keyset)' }),
  size: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'at least 1')
    .max(50, 'at most 50')
    .default(20)
    .openapi({ description: 'Posts per page (default 20, at most 50)' }),
}

export { z }
