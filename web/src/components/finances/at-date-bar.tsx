import { AtPresets } from './date-presets.tsx'
import { DateField } from './filters.tsx'

/**
 * The date balances are taken at. Without one in the URL the ledger answers today's (the business
 * day, in the business time zone), and the field shows the date it answered. Presets: today,
 * yesterday, the end of last month.
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
      <div className="flex flex-wrap gap-1">
        <AtPresets at={at} onSelect={onAtChange} testIdPrefix={id} />
      </div>
    </div>
  )
}
