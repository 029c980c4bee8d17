import { createFileRoute } from '@tanstack/react-router'
import { TagPage } from '~/components/feed/filters-page.tsx'

/** `/posts/tags/{tag}`: the posts with one hashtag. */
export const Route = createFileRoute('/_dynamic/posts/tags/$tag')({
  head: ({ params }) => ({ meta: [{ title: `#${params.tag}` }] }),
  component: Tag,
})

function Tag() {
  const { tag } = Route.useParams()
  return <TagPage key={tag} tag={tag} />
}
