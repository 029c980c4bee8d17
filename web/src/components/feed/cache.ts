import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { type FeedPost, type FeedPostPage, feedKeys } from './queries.ts'

/**
 * Changes one post wherever the cache holds it (every feed list and its detail by uuid and url),
 * for optimistic likes and comment counts; answers a function that puts the old values back.
 */
export function patchPost(
  queryClient: QueryClient,
  uuid: string,
  patch: (post: FeedPost) => FeedPost,
): () => void {
  const lists = queryClient.getQueriesData<InfiniteData<FeedPostPage>>({ queryKey: feedKeys.lists() })
  const details = queryClient
    .getQueriesData<FeedPost>({ queryKey: [...feedKeys.all, 'post'] })
    .filter(([, post]) => post?.uuid === uuid)
  for (const [key, data] of lists) {
    if (!data) continue
    queryClient.setQueryData<InfiniteData<FeedPostPage>>(key, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.map((post) => (post.uuid === uuid ? patch(post) : post)),
      })),
    })
  }
  for (const [key, post] of details) if (post) queryClient.setQueryData(key, patch(post))
  return () => {
    for (const [key, data] of [...lists, ...details]) queryClient.setQueryData(key, data)
  }
}

/** Forgets a deleted post in every list and its detail. */
export function dropPost(queryClient: QueryClient, uuid: string): void {
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<FeedPostPage>>({
    queryKey: feedKeys.lists(),
  })) {
    if (!data) continue
    queryClient.setQueryData<InfiniteData<FeedPostPage>>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, data: page.data.filter((post) => post.uuid !== uuid) })),
    })
  }
}
