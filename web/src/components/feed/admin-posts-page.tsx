import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { EyeIcon, EyeOffIcon, NewspaperIcon, PlusIcon, TrashIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { adminStatusLabels, audienceLabels } from './labels.tsx'
import {
  type AdminPostStatus,
  type AdminPostsSearch,
  adminPostStatuses,
  adminPostsQueryOptions,
  audiences,
  type FeedAdminPost,
  feedKeys,
  moderatePost,
} from './queries.ts'
import { tagKey } from './text.ts'

const selectClass = 'h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm'

const done = {
  hide: msg`Post hidden`,
  unhide: msg`Post shown again`,
  remove: msg`Post removed`,
}

type Action = 'hide' | 'remove'

/**
 * Admin `/posts` (platform.md section 2: the admin sees posts): every post, deleted ones too,
 * filtered by state, audience and title; hide (reversible) or remove with a reason its author reads
 * on the post.
 */
export function AdminPostsPage({
  search,
  onSearch,
}: {
  search: AdminPostsSearch
  onSearch: (next: AdminPostsSearch) => void
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const posts = useQuery(adminPostsQueryOptions(search))
  const [target, setTarget] = useState<{ post: FeedAdminPost; action: Action } | null>(null)
  const [reason, setReason] = useState('')
  const ids = { status: useId(), audience: useId(), search: useId(), tag: useId(), reason: useId() }
  const [title, setTitle] = useState(search.search ?? '')
  const [tag, setTag] = useState(search.tag ?? '')

  const moderate = useMutation({
    mutationFn: ({
      post,
      action,
      why,
    }: {
      post: FeedAdminPost
      action: 'hide' | 'unhide' | 'remove'
      why?: string
    }) => moderatePost(post.uuid, action, why),
    onSuccess: async (_saved, { action }) => {
      notify.success(done[action])
      setTarget(null)
      setReason('')
      await queryClient.invalidateQueries({ queryKey: feedKeys.all })
    },
    onError: (error) => notify.error(describeApiError(error)),
  })

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="admin-posts-page">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
            <Trans>Posts</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Every post on the platform. Hide or remove a post with a reason: its author reads it on the
              post.
            </Trans>
          </p>
        </div>
        <Button asChild>
          <Link to="/posts/new" data-testid="feed-new-post">
            <PlusIcon aria-hidden="true" />
            <Trans>New post</Trans>
          </Link>
        </Button>
      </header>

      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={t`Filters`}
        onSubmit={(event) => {
          event.preventDefault()
          onSearch({
            ...search,
            search: title.trim() || undefined,
            tag: tagKey(tag.trim()) || undefined,
            page: 1,
          })
        }}
      >
        <div className="grid gap-1">
          <label htmlFor={ids.status} className="text-sm font-medium">
            <Trans>State</Trans>
          </label>
          <select
            id={ids.status}
            className={selectClass}
            value={search.status ?? ''}
            onChange={(e) =>
              onSearch({
                ...search,
                status: (e.target.value || undefined) as AdminPostsSearch['status'],
                page: 1,
              })
            }
            data-testid="admin-posts-status"
          >
            <option value="">{t`All states`}</option>
            {adminPostStatuses.map((s) => (
              <option key={s} value={s}>
                {i18n._(adminStatusLabels[s])}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.audience} className="text-sm font-medium">
            <Trans>Audience</Trans>
          </label>
          <select
            id={ids.audience}
            className={selectClass}
            value={search.audience ?? ''}
            onChange={(e) =>
              onSearch({
                ...search,
                audience: (e.target.value || undefined) as AdminPostsSearch['audience'],
                page: 1,
              })
            }
          >
            <option value="">{t`All audiences`}</option>
            {audiences.map((a) => (
              <option key={a} value={a}>
                {i18n._(audienceLabels[a])}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.tag} className="text-sm font-medium">
            <Trans>Tag</Trans>
          </label>
          <Input
            id={ids.tag}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            placeholder={t`e.g. #offer`}
            className="min-w-0"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.search} className="text-sm font-medium">
            <Trans>Title contains</Trans>
          </label>
          <div className="flex gap-2">
            <Input
              id={ids.search}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              className="min-w-0"
            />
            <Button type="submit" variant="outline">
              <Trans>Search</Trans>
            </Button>
          </div>
        </div>
      </form>

      {posts.isPending ? (
        <RowsSkeleton />
      ) : posts.isError ? (
        <LoadError onRetry={() => posts.refetch()}>{i18n._(describeApiError(posts.error))}</LoadError>
      ) : posts.data.results.length === 0 ? (
        <EmptyState icon={NewspaperIcon} title={<Trans>No posts found</Trans>} />
      ) : (
        <>
          <ul className="grid min-w-0 grid-cols-1 gap-3" data-testid="admin-posts-list">
            {posts.data.results.map((post) => {
              const status: AdminPostStatus = post.deleted ? 'deleted' : (post.status ?? 'published')
              return (
                <li key={post.uuid} className="grid gap-2 rounded-lg border p-4" data-testid="admin-post">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="min-w-0 font-medium break-words">
                      {status === 'deleted' ? (
                        post.title
                      ) : (
                        <Link to="/posts/$url" params={{ url: post.url }} className="hover:underline">
                          {post.title}
                        </Link>
                      )}
                    </span>
                    <span
                      className="rounded-full bg-muted px-2 py-0.5 text-xs"
                      data-testid="admin-post-status"
                    >
                      {i18n._(adminStatusLabels[status])}
                    </span>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {post.user.company_name || post.user.full_name}
                    {post.user.email && <> · {post.user.email}</>}
                    {post.program && <> · {post.program.title}</>} · {i18n._(audienceLabels[post.audience])} ·{' '}
                    {i18n.date(new Date(post.created), { dateStyle: 'medium', timeStyle: 'short' })}
                  </p>
                  {post.moderation?.reason && (
                    <p className="text-sm">
                      <Trans>Reason: {post.moderation.reason}</Trans>
                    </p>
                  )}
                  {status !== 'deleted' && (
                    <div className="flex flex-wrap gap-2">
                      {status === 'hidden' ? (
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => moderate.mutate({ post, action: 'unhide' })}
                          disabled={moderate.isPending}
                        >
                          <EyeIcon aria-hidden="true" />
                          <Trans>Show again</Trans>
                        </Button>
                      ) : status === 'published' ? (
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setTarget({ post, action: 'hide' })}
                          data-testid="admin-post-hide"
                        >
                          <EyeOffIcon aria-hidden="true" />
                          <Trans>Hide</Trans>
                        </Button>
                      ) : null}
                      {status !== 'removed' && (
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setTarget({ post, action: 'remove' })}
                          data-testid="admin-post-remove"
                        >
                          <TrashIcon aria-hidden="true" />
                          <Trans>Remove</Trans>
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              )
            })}
          </ul>
          <Pagination
            page={search.page}
            pages={posts.data.pages}
            count={posts.data.count}
            onPageChange={(page) => onSearch({ ...search, page })}
          />
        </>
      )}

      <Dialog open={target !== null} onOpenChange={(open) => !open && !moderate.isPending && setTarget(null)}>
        <DialogContent data-testid="admin-moderation-dialog">
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              if (target && reason.trim())
                moderate.mutate({ post: target.post, action: target.action, why: reason.trim() })
            }}
          >
            <DialogHeader>
              <DialogTitle>
                {target?.action === 'remove' ? (
                  <Trans>Remove this post?</Trans>
                ) : (
                  <Trans>Hide this post?</Trans>
                )}
              </DialogTitle>
              <DialogDescription>
                {target?.action === 'remove' ? (
                  <Trans>
                    Nobody but its author and the administrators sees it any more, and this cannot be undone.
                  </Trans>
                ) : (
                  <Trans>Nobody but its author and the administrators sees it until you show it again.</Trans>
                )}
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-1">
              <label htmlFor={ids.reason} className="text-sm font-medium">
                <Trans>Reason (the author reads it)</Trans>
              </label>
              <Textarea
                id={ids.reason}
                value={reason}
                maxLength={1000}
                rows={3}
                onChange={(e) => setReason(e.target.value)}
                required
                data-testid="admin-moderation-reason"
              />
            </div>
            <DialogFooter>
              <Button
                type="button"
                variant="ghost"
                onClick={() => setTarget(null)}
                disabled={moderate.isPending}
              >
                <Trans>Cancel</Trans>
              </Button>
              <Button
                type="submit"
                variant={target?.action === 'remove' ? 'destructive' : 'primary'}
                disabled={moderate.isPending || reason.trim() === ''}
                data-testid="admin-moderation-confirm"
              >
                {target?.action === 'remove' ? <Trans>Remove post</Trans> : <Trans>Hide post</Trans>}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  )
}
