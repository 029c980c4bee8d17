import { createFileRoute } from '@tanstack/react-router'
import { AdminPostsPage } from '~/components/feed/admin-posts-page.tsx'
import { FeedPage } from '~/components/feed/feed-page.tsx'
import { integer, oneOf, orElse, searchParams, text } from '~/lib/search-params.ts'

// The admin's filters (queries.ts `adminPostStatuses`, `audiences`), spelled here so that the
// route's options, which every page loads, do not pull the feed's modules in.
const searchSchema = searchParams({
  page: orElse(integer({ min: 1 }), 1),
  status: oneOf(['published', 'hidden', 'removed', 'deleted'] as const),
  audience: oneOf(['everyone', 'cardholders', 'private'] as const),
  search: text({ max: 100, trim: true }),
  tag: text({ max: 64, trim: true }),
})

/** `/posts`: the feed; on the admin portal every post with filters and moderation. */
export const Route = createFileRoute('/_dynamic/posts/')({
  validateSearch: searchSchema,
  component: Posts,
})

function Posts() {
  const portal = Route.useRouteContext({ select: (c) => c.portal })
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (portal === 'admin') {
    return (
      <AdminPostsPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
    )
  }
  return <FeedPage />
}
