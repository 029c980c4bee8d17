import { createFileRoute } from '@tanstack/react-router'
import { TerminalPage } from '~/components/terminal/terminal-page.tsx'

/** `/terminal/{cashpoint}`: the phone as payment terminal at one cashpoint. */
export const Route = createFileRoute('/_portal/terminal/$cashpoint')({
  component: Terminal,
})

function Terminal() {
  const { cashpoint } = Route.useParams()
  return <TerminalPage key={cashpoint} cashpoint={cashpoint} />
}
