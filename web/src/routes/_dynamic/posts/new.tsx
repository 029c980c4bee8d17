import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { mayPost } from '~/components/feed/roles.ts'
import { RowsSkeleton } from '~/components/shared/states.tsx'
import { pageTitle } from '~/lib/head.ts'

// The editor brings the drop zone and the tus uploader: loaded only by those who write.
const PostEditor = lazy(() =>
  import('~/components/feed/post-editor.tsx').then((m) => ({ default: m.PostEditor })),
)

/** `/posts/new`: writing a post (program owners, acceptors, admins). */
export const Route = createFileRoute('/_dynamic/posts/new')({
  beforeLoad: ({ context }) => {
    if (!mayPost(context.session?.user.type)) throw redirect({ to: '/posts', replace: true })
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`New post`),
  component: () => (
    <Suspense fallback={<RowsSkeleton rows={4} />}>
      <PostEditor />
    </Suspense>
  ),
})
