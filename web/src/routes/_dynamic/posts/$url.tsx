import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NewspaperIcon } from 'lucide-react'
import { PostPage } from '~/components/feed/post-page.tsx'
import { postQueryOptions } from '~/components/feed/queries.ts'
import { NotFound } from '~/components/not-found.tsx'
import { pageTitle } from '~/lib/head.ts'
import { loadQuery } from '~/lib/queries/load.ts'

/**
 * `/posts/{url}`: one post with its comments. A post the viewer may not see is not found, like one
 * that does not exist (the API answers 404 for both).
 */
export const Route = createFileRoute('/_dynamic/posts/$url')({
  loader: async ({ context, params }) => {
    const post = await loadQuery(context.queryClient, postQueryOptions(params.url))
    return { title: post?.title }
  },
  head: ({ match, loaderData }) =>
    pageTitle(match.context.i18n, match.status === 'notFound' ? msg`Post not found` : loaderData?.title),
  notFoundComponent: PostNotFound,
  component: Post,
})

function Post() {
  const { url } = Route.useParams()
  return <PostPage key={url} url={url} />
}

function PostNotFound() {
  return (
    <NotFound
      testId="post-not-found"
      icon={NewspaperIcon}
      title={<Trans>Post not found</Trans>}
      back={{ to: '/posts', label: <Trans>All posts</Trans> }}
    >
      <Trans>This post does not exist, was deleted, or is not meant for you.</Trans>
    </NotFound>
  )
}
