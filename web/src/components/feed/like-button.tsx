import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { HeartIcon } from 'lucide-react'
import { describeApiError } from '~/lib/api-messages.ts'
import { signInPath } from '~/lib/guard.ts'
import { notify } from '~/lib/notify.tsx'
import { useSession } from '~/lib/use-session.ts'
import { cn } from '~/lib/utils.ts'
import { patchPost } from './cache.ts'
import { rememberPendingPost } from './pending-post.ts'
import { type FeedPost, likePost } from './queries.ts'

/**
 * Likes a post, or takes the like back: shown at once (optimistic), put back if the API refuses.
 * The call names the wanted state (`{liked}`), so a retry or a double click cannot flip it twice.
 * A guest is asked to sign in first and comes back to the post.
 */
export function LikeButton({ post }: { post: FeedPost }) {
  const { t } = useLingui()
  const session = useSession()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const like = useMutation({
    mutationFn: (liked: boolean) => likePost(post.uuid, liked),
    onMutate: (liked) =>
      patchPost(queryClient, post.uuid, (p) => ({
        ...p,
        is_liked_by_user: liked,
        likes_count: Math.max(0, p.likes_count + (liked ? 1 : -1)),
      })),
    onError: (error, _liked, restore) => {
      restore?.()
      notify.error(describeApiError(error))
    },
    onSuccess: (state) => patchPost(queryClient, post.uuid, (p) => ({ ...p, ...state })),
  })
  const liked = post.is_liked_by_user
  const count = post.likes_count
  const onClick = () => {
    if (!session) {
      rememberPendingPost(post.url)
      void navigate({ to: signInPath(portal) })
      return
    }
    like.mutate(!liked)
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={session ? liked : undefined}
      aria-label={liked ? t`Unlike. Likes: ${count}` : t`Like. Likes: ${count}`}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2',
        liked && 'text-red-700',
      )}
      data-testid="post-like"
    >
      <HeartIcon className={cn('size-4', liked && 'fill-current')} aria-hidden="true" />
      <span data-testid="post-likes-count">{post.likes_count}</span>
    </button>
  )
}
