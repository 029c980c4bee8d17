import { msg } from '@lingui/core/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { isProgramTypeSlug } from '~/components/programs/codes.ts'
import { ProgramWizard } from '~/components/programs/wizard.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'

/**
 * `/programs/card/new`, `/cm/new`, `/pm/new`, `/food/new`, `/food-court/new` (spec section 2): step 0
 * of a new program of that type, on the program-owner portal only. Saving it makes a draft.
 */
export const Route = createFileRoute('/_portal/programs/$type/new')({
  beforeLoad: ({ context, params }) => {
    if (context.portal !== 'programs') throw redirect({ to: '/', replace: true })
    if (!isProgramTypeSlug(params.type)) throw redirect({ to: '/programs', replace: true })
  },
  head: ({ match }) => pageTitle(match.context.i18n, msg`New program`, mainScreens['/programs'].label),
  component: NewProgram,
})

function NewProgram() {
  const { type } = Route.useParams()
  if (!isProgramTypeSlug(type)) return null
  return <ProgramWizard key={type} slug={type} program={null} step={0} />
}
