import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { FiltersPage } from '~/components/feed/filters-page.tsx'

const searchSchema = z.object({
  program: z.uuid().optional().catch(undefined),
  user: z.uuid().optional().catch(undefined),
  tag: z.string().max(64).optional().catch(undefined),
})

/** `/posts/filters`: the feed by program, by author or by tag. */
export const Route = createFileRoute('/_dynamic/posts/filters')({
  validateSearch: searchSchema,
  component: Filters,
})

function Filters() {
  const filter = Route.useSearch()
  return <FiltersPage filter={filter} />
}
