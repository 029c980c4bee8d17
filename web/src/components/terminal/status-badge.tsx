import { useLingui } from '@lingui/react/macro'
import { Badge } from '~/components/ui/badge.tsx'
import { terminalStatusNames } from './messages.ts'
import type { TerminalStatus } from './queries.ts'

const statusVariant: Record<TerminalStatus, 'success' | 'warning' | 'muted' | 'destructive' | 'secondary'> = {
  open: 'secondary',
  claimed: 'warning',
  paid: 'success',
  failed: 'destructive',
  expired: 'muted',
  cancelled: 'muted',
}

/** A terminal request's status as a badge, in the reader's words. */
export function TerminalStatusBadge({ status }: { status: TerminalStatus }) {
  const { i18n } = useLingui()
  return <Badge variant={statusVariant[status]}>{i18n._(terminalStatusNames[status])}</Badge>
}
