import { createFileRoute } from '@tanstack/react-router'
import { acceptorProgramsQueryOptions } from '~/components/programs/queries.ts'
import { terminalPlacesQueryOptions } from '~/components/terminal/places.ts'
import { TerminalPicker } from '~/components/terminal/terminal-picker.tsx'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'

/** `/terminal`: choose the cashpoint to take payments at. */
export const Route = createFileRoute('/_portal/terminal/')({
  loader: async ({ context }) => {
    await Promise.all([
      loadSignedIn(context, terminalPlacesQueryOptions(context.portal)),
      // An acceptor also takes card holders' cards at cashpoints in card programs.
      context.portal === 'acceptor' && loadSignedIn(context, acceptorProgramsQueryOptions()),
    ])
  },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/terminal'].label),
  component: TerminalPicker,
})
