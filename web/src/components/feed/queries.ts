import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'

/**
 * Shapes and calls of the social feed (`feed/...`, module `feed`, docs/feed.md) as every portal's
 * `/posts` screens read them, with the query keys the optimistic likes and comments update.
 */

export type FeedPost = Schema<'FeedPost'>
export type FeedAdminPost = Schema<'FeedAdminPost'>
export type FeedComment = Schema<'FeedComment'>
export type FeedPostPage = Schema<'FeedPostPage'>
export type FeedCommentPage = Schema<'FeedCommentPage'>
export type FeedPostInput = Schema<'FeedPostInput'>
export type FeedImage = Schema<'FeedImage'>
export type FeedFile = Schema<'FeedFile'>
export type FeedVideo = Schema<'FeedVideo'>
export type Audience = FeedPost['audience']
export type AdminPostStatus = 'published' | 'hidden' | 'removed' | 'deleted'

export const audiences = ['everyone', 'cardholders', 'private'] as const satisfies readonly Audience[]
export const adminPostStatuses = [
  'published',
  'hidden',
  'removed',
  'deleted',
] as const satisfies readonly AdminPostStatus[]

/** A feed narrowed to one program, one author or one tag (`/posts/filters`, `/posts/tags/{tag}`). */
export interface FeedFilter {
  program?: string | undefined
  user?: string | undefined
  tag?: string | undefined
}

export const feedPageSize = 20
export const commentsPageSize = 50
export const adminPostsPageSize = 25

export const feedKeys = {
  all: ['feed'] as const,
  lists: () => [...feedKeys.all, 'list'] as const,
  list: (filter: FeedFilter) => [...feedKeys.lists(), filter] as const,
  post: (ref: string) => [...feedKeys.all, 'post', ref] as const,
  comments: (uuid: string) => [...feedKeys.all, 'comments', uuid] as const,
  admin: (search: AdminPostsSearch) => [...feedKeys.all, 'admin', search] as const,
  statistics: (from: string, to: string) => [...feedKeys.all, 'statistics', from, to] as const,
}

const path = encodeURIComponent

/** The feed, newest first, a page of 20 at a time (keyset: `before` the last one seen). */
export const feedQueryOptions = (filter: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(filter),
    queryFn: ({ pageParam }) =>
      api.get<FeedPostPage>('/feed/posts', {
        query: { ...filter, size: feedPageSize, before: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination.has_more ? last.pagination.next_cursor : null),
  })

/** One post, by its uuid or its readable `url`. */
export const postQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: feedKeys.post(ref),
    queryFn: () => api.get<FeedPost>(`/feed/posts/${path(ref)}`),
  })

/** A post's comments, oldest first. */
export const commentsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: feedKeys.comments(uuid),
    queryFn: () =>
      api.get<FeedCommentPage>(`/feed/posts/${path(uuid)}/comments`, { query: { size: commentsPageSize } }),
  })

export interface AdminPostsSearch {
  page: number
  status?: AdminPostStatus | undefined
  audience?: Audience | undefined
  search?: string | undefined
  tag?: string | undefined
}

/** Admin `/posts`: every post, deleted ones too, a page at a time. */
export const adminPostsQueryOptions = (search: AdminPostsSearch) =>
  queryOptions({
    queryKey: feedKeys.admin(search),
    queryFn: () =>
      api.get<Answer<'/feed/admin/posts'>>('/feed/admin/posts', {
        query: { ...search, size: adminPostsPageSize },
      }),
    placeholderData: keepPreviousData,
  })

/** Posts, comments and likes per day (admin statistics). */
export const feedStatisticsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: feedKeys.statistics(from, to),
    queryFn: () => api.get<Schema<'FeedStatistics'>>('/feed/admin/statistics', { query: { from, to } }),
  })

export const likePost = (uuid: string, liked: boolean) =>
  api.post<Schema<'FeedLikeState'>>(`/feed/posts/${path(uuid)}/like`, { liked })

export const addComment = (uuid: string, text: string, idempotencyKey: string) =>
  api.post<FeedComment>(
    `/feed/posts/${path(uuid)}/comments`,
    { text },
    { headers: { 'idempotency-key': idempotencyKey } },
  )

export const editComment = (uuid: string, comment: string, text: string) =>
  api.post<FeedComment>(`/feed/posts/${path(uuid)}/comments/${path(comment)}`, { text })

export const deleteComment = (uuid: string, comment: string) =>
  api.delete<undefined>(`/feed/posts/${path(uuid)}/comments/${path(comment)}`)

export const deletePost = (uuid: string) => api.delete<undefined>(`/feed/posts/${path(uuid)}`)

export const moderatePost = (uuid: string, action: 'hide' | 'unhide' | 'remove', reason?: string) =>
  api.post<FeedAdminPost>(
    `/feed/admin/posts/${path(uuid)}/moderation`,
    reason ? { action, reason } : { action },
  )

/** Retry delays of spec section 9: after a first failure up to 3 more tries, 1, 2 and 3 s apart. */
export const retryDelaysMs = [1000, 2000, 3000] as const

/**
 * Runs a call, trying again after 1, 2 and 3 s when it fails for a reason that may pass (no
 * connection, a server error, 429); a refusal (4xx: a 422 file, a 400 field) is final at once
 * (spec section 8).
 */
export async function withRetries<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      const final =
        error instanceof ApiError && error.code !== 'network' && error.status < 500 && error.status !== 429
      const delay = retryDelaysMs[attempt]
      if (final || delay === undefined) throw error
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}
