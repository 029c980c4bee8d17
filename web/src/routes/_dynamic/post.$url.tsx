import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { rememberPendingPost } from '~/components/feed/pending-post.ts'
import { signInPath } from '~/lib/guard.ts'

/**
 * `/post/{url}` (a shared post's link): redirects to sign in (spec section 2), and signing in
 * leads back to the post at `/posts/{url}`. Signed in already: straight to the post.
 */
export const Route = createFileRoute('/_dynamic/post/$url')({
  beforeLoad: ({ context, params }) => {
    if (context.session) throw redirect({ to: '/posts/$url', params, replace: true })
    if (typeof window !== 'undefined') {
      rememberPendingPost(params.url)
      throw redirect({ to: signInPath(context.portal), replace: true })
    }
  },
  component: ToSignIn,
})

/** Rendered on the server only: the browser keeps the post for after signing in and goes on. */
function ToSignIn() {
  const { url } = Route.useParams()
  const portal = Route.useRouteContext({ select: (c) => c.portal })
  const navigate = useNavigate()
  useEffect(() => {
    rememberPendingPost(url)
    void navigate({ to: signInPath(portal), replace: true })
  }, [url, portal, navigate])
  return null
}
