import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Navigate, redirect } from '@tanstack/react-router'
import { LoadError, RowsSkeleton } from '~/components/profile/states.tsx'
import { isForbidden, isNotFound, noRetryOn4xx } from '~/components/programs/errors.ts'
import { ProgramPage } from '~/components/programs/program-page.tsx'
import {
  isDraftStatus,
  isProgramTypeSlug,
  programQueryOptions,
  slugOfType,
} from '~/components/programs/queries.ts'
import { ProgramWizard, type WizardStep, wizardStepOf } from '~/components/programs/wizard.tsx'
import { integer, searchParams } from '~/lib/search-params.ts'

/**
 * `/programs/<type>/draft/{uuid}` (spec section 2, "edit drafts"): a saved draft in the creation
 * wizard. Without `?step=` it resumes at the step the API names for its status (`step`; a card
 * program's own mapping, see `wizardStepOf`); a step
 * not reached yet is not skipped to. A program past the drafts opens its own page.
 */
export const Route = createFileRoute('/_portal/programs/$type/draft/$uuid')({
  validateSearch: searchParams({ step: integer({ min: 0, max: 3 }) }),
  beforeLoad: ({ context, params }) => {
    if (context.portal !== 'programs') throw redirect({ to: '/', replace: true })
    if (!isProgramTypeSlug(params.type)) throw redirect({ to: '/programs', replace: true })
  },
  component: Draft,
})

function Draft() {
  const { type, uuid } = Route.useParams()
  const { step } = Route.useSearch()
  const program = useQuery({ ...programQueryOptions(uuid), retry: noRetryOn4xx })

  if (program.isPending) return <RowsSkeleton rows={6} />
  if (program.isError) {
    // The program page says "not found" or "access denied" in full.
    if (isNotFound(program.error) || isForbidden(program.error)) return <ProgramPage uuid={uuid} />
    return <LoadError onRetry={() => program.refetch()} />
  }
  const data = program.data
  if (!isDraftStatus(data.status.id)) return <Navigate to="/programs/$uuid" params={{ uuid }} replace />
  const slug = slugOfType(data.type.id)
  if (!slug) return <Navigate to="/programs/$uuid" params={{ uuid }} replace />
  if (slug !== type || !isProgramTypeSlug(type)) {
    return (
      <Navigate to="/programs/$type/draft/$uuid" params={{ type: slug, uuid }} search={{ step }} replace />
    )
  }
  const reached = wizardStepOf(data)
  const current = Math.min(step ?? reached, reached) as WizardStep
  return <ProgramWizard slug={slug} program={data} step={current} />
}
