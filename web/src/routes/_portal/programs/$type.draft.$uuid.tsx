import { msg } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Navigate, redirect } from '@tanstack/react-router'
import { isDraft, isProgramTypeSlug, slugOfType } from '~/components/programs/codes.ts'
import { isForbidden, isNotFound } from '~/components/programs/errors.ts'
import { ProgramMissing, ProgramNotFound } from '~/components/programs/program-page.tsx'
import { programQueryOptions } from '~/components/programs/queries.ts'
import { ProgramWizard, type WizardStep, wizardStepOf } from '~/components/programs/wizard.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { pageTitle } from '~/lib/head.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'
import { integer, searchParams } from '~/lib/search-params.ts'

/**
 * `/programs/<type>/draft/{uuid}` (spec section 2, "edit drafts"): a saved draft in the creation
 * wizard. Without `?step=` it resumes at the step the API names for its status (`step`; a card
 * program's own mapping, see `wizardStepOf`); a step
 * not reached yet is not skipped to. A program past the drafts opens its own page. A draft that is
 * not there (deleted, unknown, another owner's) is a not-found page with the way back to Programs.
 */
export const Route = createFileRoute('/_portal/programs/$type/draft/$uuid')({
  validateSearch: searchParams({ step: integer({ min: 0, max: 3 }) }),
  beforeLoad: ({ context, params }) => {
    if (context.portal !== 'programs') throw redirect({ to: '/', replace: true })
    if (!isProgramTypeSlug(params.type)) throw redirect({ to: '/programs', replace: true })
  },
  loaderDeps: ({ search }) => ({ step: search.step }),
  loader: async ({ context, params, deps }) => {
    const program = await loadSignedIn(context, programQueryOptions(params.uuid))
    if (!program) return { title: undefined }
    const slug = slugOfType(program.type.id)
    if (!isDraft(program.status.id) || !slug)
      throw redirect({ to: '/programs/$uuid', params: { uuid: params.uuid }, replace: true })
    if (slug !== params.type) {
      throw redirect({
        to: '/programs/$type/draft/$uuid',
        params: { type: slug, uuid: params.uuid },
        search: { step: deps.step },
        replace: true,
      })
    }
    return { title: program.title }
  },
  head: ({ match, loaderData }) =>
    pageTitle(
      match.context.i18n,
      match.status === 'notFound' ? msg`Program not found` : loaderData?.title,
      msg`Programs`,
    ),
  notFoundComponent: ProgramNotFound,
  component: Draft,
})

function Draft() {
  const { type, uuid } = Route.useParams()
  const { step } = Route.useSearch()
  const program = useQuery(programQueryOptions(uuid))

  if (program.isPending) return <RowsSkeleton rows={6} />
  if (program.isError) {
    // Shown here, not by mounting the program page: a second reader of the same failed query used
    // to fetch it again on every mount, which swapped this screen back to the skeleton, unmounted
    // it, and so on, some 140 requests a second.
    if (isNotFound(program.error)) return <ProgramMissing kind="not-found" />
    if (isForbidden(program.error)) return <ProgramMissing kind="denied" />
    return <LoadError onRetry={() => program.refetch()} />
  }
  const data = program.data
  if (!isDraft(data.status.id)) return <Navigate to="/programs/$uuid" params={{ uuid }} replace />
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
