import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon } from 'lucide-react'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { Comments } from './comments.tsx'
import { PostCard } from './post-card.tsx'
import { postQueryOptions } from './queries.ts'

/** `/posts/{url}`: one post with its comments. */
export function PostPage({ url }: { url: string }) {
  const { i18n } = useLingui()
  const post = useQuery(postQueryOptions(url))
  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6" data-testid="post-page">
      <div>
        <Button variant="ghost" size="sm" asChild>
          <Link to="/posts" data-testid="post-back">
            <ArrowLeftIcon aria-hidden="true" />
            <Trans>All posts</Trans>
          </Link>
        </Button>
      </div>
      <h1 id="screen-title" className="sr-only">
        {post.data?.title ?? <Trans>Post</Trans>}
      </h1>
      {post.isPending ? (
        <RowsSkeleton rows={3} />
      ) : post.isError ? (
        <LoadError onRetry={() => post.refetch()}>{i18n._(describeApiError(post.error))}</LoadError>
      ) : (
        <>
          <PostCard post={post.data} />
          <Comments post={post.data} />
        </>
      )}
    </div>
  )
}
