import { createFileRoute } from '@tanstack/react-router'
import { TerminalPicker } from '~/components/terminal/terminal-picker.tsx'

/** `/terminal`: choose the cashpoint to take payments at. */
export const Route = createFileRoute('/_portal/terminal/')({
  component: TerminalPicker,
})
