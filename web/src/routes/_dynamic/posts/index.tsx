import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { AdminPostsPage } from '~/components/feed/admin-posts-page.tsx'
import { FeedPage } from '~/components/feed/feed-page.tsx'
import { adminPostStatuses, audiences } from '~/components/feed/queries.ts'

const searchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  status: z.enum(adminPostStatuses).optional().catch(undefined),
  audience: z.enum(audiences).optional().catch(undefined),
  search: z.string().max(100).optional().catch(undefined),
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
