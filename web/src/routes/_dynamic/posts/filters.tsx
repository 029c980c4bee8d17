import { createFileRoute } from '@tanstack/react-router'
import { FiltersPage } from '~/components/feed/filters-page.tsx'
import { searchParams, text, uuid } from '~/lib/search-params.ts'

const searchSchema = searchParams({ program: uuid, user: uuid, tag: text({ max: 64, trim: true }) })

/** `/posts/filters`: the feed by program, by author or by tag. */
export const Route = createFileRoute('/_dynamic/posts/filters')({
  validateSearch: searchSchema,
  component: Filters,
})

function Filters() {
  const filter = Route.useSearch()
  return <FiltersPage filter={filter} />
}
