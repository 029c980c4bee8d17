import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Button } from '~/components/ui/button.tsx'
import {
  type AtPreset,
  activePreset,
  atPresets,
  type DateRange,
  presetDay,
  presetRange,
  type RangePreset,
  rangePresets,
} from '~/lib/business-days.ts'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'

/**
 * Date presets of the finance screens (issue 12, item 5), each a range of business days
 * (`lib/business-days.ts`): what "today" and "last month" are does not depend on the browser's or
 * the server's clock zone, only on the platform's business time zone.
 */

const rangePresetNames: Record<RangePreset, MessageDescriptor> = {
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  last_7_days: msg`Last 7 days`,
  last_30_days: msg`Last 30 days`,
  this_month: msg`This month`,
  last_month: msg`Last month`,
}

/** Test ids as the browser tests know them (`journal-preset-7` for the last 7 days). */
const rangeTestIds: Record<RangePreset, string> = {
  today: 'today',
  yesterday: 'yesterday',
  last_7_days: '7',
  last_30_days: '30',
  this_month: 'this-month',
  last_month: 'last-month',
}

/** Buttons that set a date range; the one the range is shows pressed. */
export function RangePresets({
  range,
  onSelect,
  testIdPrefix,
  presets = rangePresets,
}: {
  range: Partial<DateRange>
  onSelect: (range: DateRange) => void
  testIdPrefix: string
  presets?: readonly RangePreset[]
}) {
  const { i18n } = useLingui()
  const timeZone = useBusinessTimeZone()
  const active = activePreset(range, timeZone, presets)
  return presets.map((preset) => (
    <Button
      key={preset}
      variant={active === preset ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={active === preset}
      onClick={() => onSelect(presetRange(preset, timeZone))}
      data-testid={`${testIdPrefix}-${rangeTestIds[preset]}`}
    >
      {i18n._(rangePresetNames[preset])}
    </Button>
  ))
}

const atPresetNames: Record<AtPreset, MessageDescriptor> = {
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  end_of_last_month: msg`End of last month`,
}

/**
 * Buttons that set the day balances are taken at. Today is also what the API answers without a
 * day, so choosing it clears the day from the URL (`at` undefined).
 */
export function AtPresets({
  at,
  onSelect,
  testIdPrefix,
}: {
  at: string | undefined
  onSelect: (at: string | undefined) => void
  testIdPrefix: string
}) {
  const { i18n } = useLingui()
  const timeZone = useBusinessTimeZone()
  return atPresets.map((preset) => {
    const day = presetDay(preset, timeZone)
    const active = preset === 'today' ? at === undefined || at === day : at === day
    return (
      <Button
        key={preset}
        variant={active ? 'secondary' : 'ghost'}
        size="sm"
        aria-pressed={active}
        onClick={() => onSelect(preset === 'today' ? undefined : day)}
        data-testid={`${testIdPrefix}-${preset.replaceAll('_', '-')}`}
      >
        {i18n._(atPresetNames[preset])}
      </Button>
    )
  })
}
