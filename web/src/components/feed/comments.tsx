import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { PencilIcon, TrashIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { signInPath } from '~/lib/guard.ts'
import { notify } from '~/lib/notify.tsx'
import { useSession } from '~/lib/use-session.ts'
import { patchPost } from './cache.ts'
import { CountedTextarea } from './counted-textarea.tsx'
import { rememberPendingPost } from './pending-post.ts'
import { Rows } from './post-body.tsx'
import {
  addComment,
  commentsQueryOptions,
  deleteComment,
  editComment,
  type FeedComment,
  type FeedCommentPage,
  type FeedPost,
  feedKeys,
  withRetries,
} from './queries.ts'
import { feedLimits, textRows } from './text.ts'

const commentDeleted = msg`Comment deleted`
const commentSaved = msg`Comment saved`

/**
 * A post's comments, oldest first, and the form to add one: shown at once (optimistic) and sent
 * with an idempotency key, retried after 1, 2 and 3 s when the connection fails. A guest is asked
 * to sign in and comes back to the post.
 */
export function Comments({ post }: { post: FeedPost }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const comments = useQuery(commentsQueryOptions(post.uuid))
  const [text, setText] = useState('')
  const inputId = useId()
  const key = feedKeys.comments(post.uuid)

  const add = useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: string; idempotencyKey: string; pending: FeedComment }) =>
      withRetries(() => addComment(post.uuid, body, idempotencyKey)),
    onMutate: async ({ pending }) => {
      // Shown at once when the list is there; a list still loading is let load (cancelling it
      // would leave no list at all) and read again once the comment is saved (onSettled).
      const before = queryClient.getQueryData<FeedCommentPage>(key)
      if (before) {
        await queryClient.cancelQueries({ queryKey: key })
        queryClient.setQueryData<FeedCommentPage>(key, { ...before, data: [...before.data, pending] })
      }
      const restoreCount = patchPost(queryClient, post.uuid, (p) => ({
        ...p,
        comments_count: p.comments_count + 1,
      }))
      setText('')
      return { before, restoreCount }
    },
    onError: (error, variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      context?.restoreCount()
      setText(variables.body)
      notify.error(describeApiError(error))
    },
    onSuccess: (saved, { pending }) => {
      const now = queryClient.getQueryData<FeedCommentPage>(key)
      if (now) {
        queryClient.setQueryData<FeedCommentPage>(key, {
          ...now,
          data: now.data.map((c) => (c.uuid === pending.uuid ? saved : c)),
        })
      }
    },
    onSettled: (_saved, _error, _variables, context) => {
      if (!context?.before) void queryClient.invalidateQueries({ queryKey: key })
    },
  })

  const remove = useMutation({
    mutationFn: (comment: FeedComment) => deleteComment(post.uuid, comment.uuid),
    onMutate: (comment) => {
      const before = queryClient.getQueryData<FeedCommentPage>(key)
      if (before) {
        queryClient.setQueryData<FeedCommentPage>(key, {
          ...before,
          data: before.data.filter((c) => c.uuid !== comment.uuid),
        })
      }
      const restoreCount = patchPost(queryClient, post.uuid, (p) => ({
        ...p,
        comments_count: Math.max(0, p.comments_count - 1),
      }))
      return { before, restoreCount }
    },
    onError: (error, _comment, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      context?.restoreCount()
      notify.error(describeApiError(error))
    },
    onSuccess: () => notify.success(commentDeleted),
  })

  // Editing one comment inline (its author only): the text being changed, saved or given up.
  const [editing, setEditing] = useState<{ uuid: string; text: string } | null>(null)
  const edit = useMutation({
    mutationFn: ({ uuid, text }: { uuid: string; text: string }) => editComment(post.uuid, uuid, text),
    onError: (error) => notify.error(describeApiError(error)),
    onSuccess: (saved) => {
      const now = queryClient.getQueryData<FeedCommentPage>(key)
      if (now) {
        queryClient.setQueryData<FeedCommentPage>(key, {
          ...now,
          data: now.data.map((c) => (c.uuid === saved.uuid ? saved : c)),
        })
      }
      setEditing(null)
      notify.success(commentSaved)
    },
  })
  const saveEdit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!editing || editing.text.trim() === '') return
    edit.mutate({ uuid: editing.uuid, text: editing.text.trim() })
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const body = text.trim()
    if (!session || body === '') return
    const user = session.user
    const pending: FeedComment = {
      uuid: `pending-${crypto.randomUUID()}`,
      post_id: post.uuid,
      created: new Date().toISOString(),
      modified: null,
      is_modified: false,
      text: { rows: textRows(body) },
      user_uuid: user.uuid,
      user: {
        uuid: user.uuid,
        first_name: user.first_name,
        last_name: user.last_name,
        full_name: user.full_name,
        avatar: null,
        email: null,
        type: user.type,
      },
    }
    add.mutate({ body, idempotencyKey: crypto.randomUUID(), pending })
  }

  const mayDelete = (comment: FeedComment) =>
    !comment.uuid.startsWith('pending-') &&
    session !== null &&
    (comment.user_uuid === session.user.uuid || session.user.type === 4 || post.can_edit)

  const mayEdit = (comment: FeedComment) =>
    !comment.uuid.startsWith('pending-') &&
    session !== null &&
    comment.user_uuid === session.user.uuid &&
    post.status === 'published'

  return (
    <section
      id="comments"
      aria-labelledby="comments-title"
      className="grid gap-4"
      data-testid="post-comments"
    >
      <h2 id="comments-title" className="text-base font-semibold">
        <Trans>Comments</Trans>
      </h2>
      {comments.isPending ? (
        <RowsSkeleton rows={2} />
      ) : comments.isError ? (
        <LoadError onRetry={() => comments.refetch()}>{i18n._(describeApiError(comments.error))}</LoadError>
      ) : comments.data.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No comments yet.</Trans>
        </p>
      ) : (
        <ul className="grid gap-3">
          {comments.data.data.map((comment) => (
            <li key={comment.uuid} className="grid gap-1 rounded-md bg-muted/50 p-3" data-testid="comment">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium">
                  {comment.user.full_name}
                  <span className="ml-2 text-xs font-normal text-muted-foreground">
                    {i18n.date(new Date(comment.created), { dateStyle: 'medium', timeStyle: 'short' })}
                    {comment.is_modified && (
                      <>
                        {' · '}
                        <Trans>edited</Trans>
                      </>
                    )}
                  </span>
                </span>
                <span className="flex items-center gap-1">
                  {mayEdit(comment) && editing?.uuid !== comment.uuid && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={t`Edit comment`}
                      onClick={() => setEditing({ uuid: comment.uuid, text: comment.text.rows.join('\n') })}
                      data-testid="comment-edit"
                    >
                      <PencilIcon aria-hidden="true" />
                    </Button>
                  )}
                  {mayDelete(comment) && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={t`Delete comment`}
                      onClick={() => remove.mutate(comment)}
                      data-testid="comment-delete"
                    >
                      <TrashIcon aria-hidden="true" />
                    </Button>
                  )}
                </span>
              </div>
              {editing?.uuid === comment.uuid ? (
                <form onSubmit={saveEdit} className="grid gap-2" data-testid="comment-edit-form">
                  <label htmlFor={`${inputId}-edit`} className="sr-only">
                    <Trans>Edit comment</Trans>
                  </label>
                  <CountedTextarea
                    id={`${inputId}-edit`}
                    value={editing.text}
                    onChange={(value) => setEditing({ uuid: comment.uuid, text: value })}
                    max={feedLimits.comment}
                    rows={3}
                    testId="comment-edit-input"
                  />
                  <div className="flex gap-2">
                    <Button
                      type="submit"
                      size="sm"
                      disabled={editing.text.trim() === '' || edit.isPending}
                      data-testid="comment-edit-save"
                    >
                      <Trans>Save</Trans>
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => setEditing(null)}
                      data-testid="comment-edit-cancel"
                    >
                      <Trans>Cancel</Trans>
                    </Button>
                  </div>
                </form>
              ) : (
                <Rows rows={comment.text.rows} />
              )}
            </li>
          ))}
        </ul>
      )}
      {post.status !== 'published' ? null : session ? (
        <form onSubmit={submit} className="grid gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            <Trans>Your comment</Trans>
          </label>
          <CountedTextarea
            id={inputId}
            value={text}
            onChange={setText}
            max={feedLimits.comment}
            rows={3}
            testId="comment-input"
          />
          <div>
            <Button type="submit" disabled={text.trim() === ''} data-testid="comment-submit">
              <Trans>Comment</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button
            variant="outline"
            onClick={() => {
              rememberPendingPost(post.url)
              void navigate({ to: signInPath(portal) })
            }}
            data-testid="comment-sign-in"
          >
            <Trans>Sign in to comment</Trans>
          </Button>
        </div>
      )}
    </section>
  )
}
