import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useMemo, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { FeedHeader, FeedList } from './feed-page.tsx'
import { type FeedFilter, feedQueryOptions } from './queries.ts'
import { tagKey } from './text.ts'

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2'

/**
 * `/posts/filters`: the feed narrowed to one program, one author or one tag. The programs and
 * authors offered are those of the posts the viewer sees, so the choice never names a program or
 * person whose posts are hidden from them.
 */
export function FiltersPage({ filter }: { filter: FeedFilter }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const everything = useInfiniteQuery(feedQueryOptions({}))
  const ids = { program: useId(), user: useId(), tag: useId() }
  const [tag, setTag] = useState(filter.tag ?? '')
  const { programs, authors } = useMemo(() => {
    const programs = new Map<string, string>()
    const authors = new Map<string, string>()
    for (const page of everything.data?.pages ?? []) {
      for (const post of page.data) {
        if (post.program) programs.set(post.program.uuid, post.program.title)
        authors.set(post.user.uuid, post.user.company_name || post.user.full_name)
      }
    }
    return {
      programs: [...programs].sort((a, b) => a[1].localeCompare(b[1])),
      authors: [...authors].sort((a, b) => a[1].localeCompare(b[1])),
    }
  }, [everything.data])
  const set = (next: FeedFilter) =>
    void navigate({ to: '/posts/filters', search: { ...filter, ...next }, replace: true })
  const active = Boolean(filter.program || filter.user || filter.tag)

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="feed-filters-page">
      <FeedHeader title={<Trans>Filter posts</Trans>} />
      <form
        className="grid gap-3 rounded-lg border p-4 sm:grid-cols-3"
        aria-label={t`Filters`}
        onSubmit={(event) => {
          event.preventDefault()
          const key = tagKey(tag.trim())
          set({ tag: key === '' ? undefined : key })
        }}
      >
        <div className="grid gap-1">
          <label htmlFor={ids.program} className="text-sm font-medium">
            <Trans>Program</Trans>
          </label>
          <select
            id={ids.program}
            className={selectClass}
            value={filter.program ?? ''}
            onChange={(event) => set({ program: event.target.value || undefined })}
            data-testid="filter-program"
          >
            <option value="">{t`All programs`}</option>
            {programs.map(([uuid, title]) => (
              <option key={uuid} value={uuid}>
                {title}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.user} className="text-sm font-medium">
            <Trans>Author</Trans>
          </label>
          <select
            id={ids.user}
            className={selectClass}
            value={filter.user ?? ''}
            onChange={(event) => set({ user: event.target.value || undefined })}
            data-testid="filter-user"
          >
            <option value="">{t`All authors`}</option>
            {authors.map(([uuid, name]) => (
              <option key={uuid} value={uuid}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.tag} className="text-sm font-medium">
            <Trans>Tag</Trans>
          </label>
          <div className="flex gap-2">
            <Input
              id={ids.tag}
              value={tag}
              onChange={(event) => setTag(event.target.value)}
              placeholder={t`e.g. #offer`}
              className="min-w-0"
              data-testid="filter-tag"
            />
            <Button type="submit" variant="outline">
              <Trans>Apply</Trans>
            </Button>
          </div>
        </div>
        {active && (
          <div className="sm:col-span-3">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setTag('')
                void navigate({ to: '/posts/filters', search: {}, replace: true })
              }}
            >
              <Trans>Clear filters</Trans>
            </Button>
          </div>
        )}
      </form>
      <FeedList filter={filter} />
    </div>
  )
}

/** `/posts/tags/{tag}`: the posts with one hashtag. */
export function TagPage({ tag }: { tag: string }) {
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="feed-tag-page">
      <FeedHeader title={<>#{tag}</>} description={<Trans>Posts with this tag, newest first.</Trans>} />
      <FeedList filter={{ tag }} />
    </div>
  )
}
