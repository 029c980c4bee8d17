import { Trans } from '@lingui/react/macro'
import { CalendarIcon } from 'lucide-react'
import { Button } from '~/components/ui/button.tsx'
import { DateField } from './filters.tsx'

/**
 * The date balances are taken at. Without one in the URL the ledger answers today's, and the
 * field shows the date it answered.
 */
export function AtDateBar({
  id,
  label,
  at,
  answeredAt,
  onAtChange,
}: {
  id: string
  label: string
  at: string | undefined
  answeredAt: string | undefined
  onAtChange: (at?: string) => void
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="w-full sm:w-52">
        <DateField id={id} label={label} value={at ?? answeredAt} onChange={onAtChange} testId={id} />
      </div>
      {at && (
        <Button variant="ghost" onClick={() => onAtChange(undefined)} data-testid={`${id}-today`}>
          <CalendarIcon aria-hidden="true" />
          <Trans>Today</Trans>
        </Button>
      )}
    </div>
  )
}
