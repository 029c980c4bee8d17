import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowUpIcon, FilterIcon, NewspaperIcon, PlusIcon } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { isMissing } from '~/lib/queries/load.ts'
import { useSession } from '~/lib/use-session.ts'
import { useNewPosts } from './live.ts'
import { PostCard } from './post-card.tsx'
import { type FeedFilter, feedQueryOptions } from './queries.ts'
import { mayPost } from './roles.ts'

/** The heading of a feed screen, with the ways to filter it and to write a post. */
export function FeedHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  const session = useSession()
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h1
          id="screen-title"
          data-testid="screen-title"
          className="text-2xl font-semibold tracking-tight break-words"
        >
          {title}
        </h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link to="/posts/filters" data-testid="feed-filters-link">
            <FilterIcon aria-hidden="true" />
            <Trans>Filters</Trans>
          </Link>
        </Button>
        {mayPost(session?.user.type) && (
          <Button asChild>
            <Link to="/posts/new" data-testid="feed-new-post">
              <PlusIcon aria-hidden="true" />
              <Trans>New post</Trans>
            </Link>
          </Button>
        )}
      </div>
    </header>
  )
}

/**
 * A feed: newest first, the next 20 loaded when the end of the list comes into view (or by the
 * button, for keyboards and when observing is not possible). On the main feed new posts arrive over
 * SSE and wait behind a "new posts" pill instead of pushing the list down while it is read.
 */
export function FeedList({ filter, live = false }: { filter: FeedFilter; live?: boolean }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const feed = useInfiniteQuery(feedQueryOptions(filter))
  const posts = useMemo(() => feed.data?.pages.flatMap((page) => page.data) ?? [], [feed.data])
  const shown = useMemo(() => new Set(posts.map((p) => p.uuid)), [posts])
  const fresh = useNewPosts(shown, live && feed.isSuccess)
  const end = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed

  useEffect(() => {
    const target = end.current
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '400px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const showNew = async () => {
    fresh.clear()
    await queryClient.resetQueries({ queryKey: feedQueryOptions(filter).queryKey })
    window.scrollTo({ top: 0, behavior: 'smooth' })
    document.getElementById('screen-title')?.focus({ preventScroll: true })
  }

  if (feed.isPending) return <RowsSkeleton rows={3} />
  if (feed.isError) {
    // Spec section 8: a 404 on the list empties it (an unknown program or author).
    if (isMissing(feed.error)) return <EmptyFeed />
    return <LoadError onRetry={() => feed.refetch()}>{i18n._(describeApiError(feed.error))}</LoadError>
  }
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      {fresh.uuids.length > 0 && (
        <div className="sticky top-2 z-10 flex justify-center">
          <Button onClick={showNew} className="rounded-full shadow-md" data-testid="feed-new-posts">
            <ArrowUpIcon aria-hidden="true" />
            <Plural value={fresh.uuids.length} one="# new post" other="# new posts" />
          </Button>
        </div>
      )}
      {posts.length === 0 ? (
        <EmptyFeed />
      ) : (
        <ul className="grid min-w-0 grid-cols-1 gap-4" data-testid="feed-list">
          {posts.map((post) => (
            <li key={post.uuid} className="min-w-0">
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
      <div ref={end} />
      {hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => fetchNextPage()}
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage}
            data-testid="feed-more"
          >
            <Trans>Show older posts</Trans>
          </Button>
        </div>
      )}
    </div>
  )
}

function EmptyFeed() {
  return (
    <EmptyState icon={NewspaperIcon} title={<Trans>No posts here yet</Trans>}>
      <Trans>
        Businesses post news, offers and announcements about their programs here. Posts meant for card holders
        appear once you hold a card of the program.
      </Trans>
    </EmptyState>
  )
}

/** `/posts`: the feed of posts the viewer may see. */
export function FeedPage() {
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="feed-page">
      <FeedHeader
        title={<Trans>Posts</Trans>}
        description={<Trans>News, offers and announcements from the programs, newest first.</Trans>}
      />
      <FeedList filter={{}} live />
    </div>
  )
}
