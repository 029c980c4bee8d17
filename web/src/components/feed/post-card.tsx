import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { EyeOffIcon, LockIcon, MessageCircleIcon, PencilIcon, TrashIcon, UsersIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { Button } from '~/components/ui/button.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { dropPost } from './cache.ts'
import { audienceLabels } from './labels.tsx'
import { LikeButton } from './like-button.tsx'
import { PostMedia, Rows } from './post-body.tsx'
import { deletePost, type FeedPost, feedKeys } from './queries.ts'

function When({ post }: { post: FeedPost }) {
  const { i18n } = useLingui()
  const created = new Date(post.created)
  return (
    <span className="text-xs text-muted-foreground">
      <time dateTime={post.created}>
        {i18n.date(created, {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        })}
      </time>
      {post.is_modified && (
        <>
          {' · '}
          <span data-testid="post-edited">
            <Trans>edited</Trans>
          </span>
        </>
      )}
    </span>
  )
}

/** The author, program and audience line of a post. */
function Byline({ post }: { post: FeedPost }) {
  const { i18n } = useLingui()
  const author = post.user.company_name || post.user.full_name
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
      <span className="truncate text-sm font-medium" data-testid="post-author">
        {author}
      </span>
      {post.program && (
        <Link
          to="/posts/filters"
          search={{ program: post.program.uuid }}
          className="truncate text-xs text-muted-foreground underline-offset-2 hover:underline"
          data-testid="post-program"
        >
          {post.program.title}
        </Link>
      )}
      {post.audience !== 'everyone' && (
        <span
          className="inline-flex items-center gap-1 text-xs text-muted-foreground"
          data-testid="post-audience"
        >
          {post.audience === 'private' ? (
            <LockIcon className="size-3" aria-hidden="true" />
          ) : (
            <UsersIcon className="size-3" aria-hidden="true" />
          )}
          {i18n._(audienceLabels[post.audience])}
        </span>
      )}
      <When post={post} />
    </div>
  )
}

/** The author's view of a post an admin hid or removed: why. */
export function ModerationNotice({ post }: { post: FeedPost }) {
  if (post.status === 'published') return null
  return (
    <div
      className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      role="note"
    >
      <EyeOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium" data-testid="post-moderated">
          {post.status === 'hidden' ? (
            <Trans>An administrator hid this post: only you and the administrators see it.</Trans>
          ) : (
            <Trans>An administrator removed this post: only you and the administrators see it.</Trans>
          )}
        </p>
        {post.moderation?.reason && (
          <p data-testid="post-moderation-reason">
            <Trans>Reason: {post.moderation.reason}</Trans>
          </p>
        )}
      </div>
    </div>
  )
}

/** Edit and delete, for the post's author. */
export function PostActions({ post, afterDelete }: { post: FeedPost; afterDelete?: () => void }) {
  const queryClient = useQueryClient()
  if (!post.can_edit) return null
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="sm" asChild>
        <Link to="/posts/$url/edit" params={{ url: post.url }} data-testid="post-edit">
          <PencilIcon aria-hidden="true" />
          <Trans>Edit</Trans>
        </Link>
      </Button>
      <ConfirmButton
        variant="ghost"
        size="sm"
        destructive
        testId="post-delete"
        title={<Trans>Delete this post?</Trans>}
        description={
          <Trans>The post, its comments and its likes are gone for everyone. This cannot be undone.</Trans>
        }
        confirmLabel={<Trans>Delete post</Trans>}
        onConfirm={async () => {
          try {
            await deletePost(post.uuid)
            dropPost(queryClient, post.uuid)
            queryClient.removeQueries({ queryKey: feedKeys.post(post.url) })
            notify.success(msgDeleted)
            afterDelete?.()
          } catch (error) {
            notify.error(describeApiError(error))
          }
        }}
      >
        <TrashIcon aria-hidden="true" />
        <Trans>Delete</Trans>
      </ConfirmButton>
    </div>
  )
}

const msgDeleted = msg`Post deleted`

/** A post in a feed: byline, title, text with its hashtags, media, likes and comments. */
export function PostCard({ post, footer }: { post: FeedPost; footer?: ReactNode }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const comments = post.comments_count
  return (
    <article
      className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 shadow-xs"
      aria-labelledby={`post-${post.uuid}`}
      data-testid="post-card"
      data-post-url={post.url}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Byline post={post} />
        <PostActions post={post} afterDelete={() => void navigate({ to: '/posts' })} />
      </div>
      <ModerationNotice post={post} />
      <h2 id={`post-${post.uuid}`} className="text-lg font-semibold break-words">
        <Link
          to="/posts/$url"
          params={{ url: post.url }}
          className="hover:underline"
          data-testid="post-title"
        >
          {post.title}
        </Link>
      </h2>
      <Rows rows={post.text.rows} />
      <PostMedia post={post} />
      {post.tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Tags`}>
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link
                to="/posts/tags/$tag"
                params={{ tag }}
                className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800 hover:bg-primary-100"
                data-testid="post-tag"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-2 border-t pt-2">
        <LikeButton post={post} />
        <Link
          to="/posts/$url"
          params={{ url: post.url }}
          hash="comments"
          className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm hover:bg-muted"
          aria-label={t`Comments: ${comments}`}
          data-testid="post-comments-link"
        >
          <MessageCircleIcon className="size-4" aria-hidden="true" />
          <span data-testid="post-comments-count">{post.comments_count}</span>
        </Link>
      </div>
      {footer}
    </article>
  )
}
