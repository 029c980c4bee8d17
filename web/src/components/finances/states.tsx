import { Trans } from '@lingui/react/macro'
import { ApiError } from '~/lib/api.ts'

/** What a failed ledger call says to the reader: a date the API refused, or a plain failure. */
export function LoadFailure({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 400) {
    return <Trans>The ledger refused these filters. Check the dates and try again.</Trans>
  }
  return <Trans>The ledger could not be loaded.</Trans>
}
