import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { postQueryOptions } from '~/components/feed/queries.ts'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { pageTitle } from '~/lib/head.ts'
import { loadQuery } from '~/lib/queries/load.ts'

const PostEditor = lazy(() =>
  import('~/components/feed/post-editor.tsx').then((m) => ({ default: m.PostEditor })),
)

/** `/posts/{url}/edit`: its author edits a post; anyone else goes to the post. */
export const Route = createFileRoute('/_dynamic/posts/$url_/edit')({
  beforeLoad: ({ context, params }) => {
    if (!context.session) throw redirect({ to: '/posts/$url', params, replace: true })
  },
  loader: async ({ context, params }) => {
    const post = await loadQuery(context.queryClient, postQueryOptions(params.url))
    if (post && !post.can_edit) throw redirect({ to: '/posts/$url', params, replace: true })
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`Edit post`),
  component: EditPost,
})

function EditPost() {
  const { url } = Route.useParams()
  const { i18n } = useLingui()
  const post = useQuery(postQueryOptions(url))
  if (post.isPending) return <RowsSkeleton rows={4} />
  if (post.isError)
    return <LoadError onRetry={() => post.refetch()}>{i18n._(describeApiError(post.error))}</LoadError>
  return (
    <Suspense fallback={<RowsSkeleton rows={4} />}>
      <PostEditor key={post.data.uuid} post={post.data} />
    </Suspense>
  )
}
