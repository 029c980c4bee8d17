import { createFileRoute } from '@tanstack/react-router'
import { EntryPage } from '~/components/finances/entry-page.tsx'

/** `/finances/journals/{uuid}`: one journal entry with its lines. */
export const Route = createFileRoute('/_portal/finances/journals/$uuid')({
  component: Entry,
})

function Entry() {
  const { uuid } = Route.useParams()
  return <EntryPage uuid={uuid} />
}
