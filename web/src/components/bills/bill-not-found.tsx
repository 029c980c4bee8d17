import { Trans } from '@lingui/react/macro'
import { FileSearchIcon } from 'lucide-react'
import { NotFound } from '~/components/not-found.tsx'

/**
 * A bill link that leads nowhere: an unknown bill, or one sent to someone else (the API answers 404
 * for both). The way back is the holder's bills; no retry, since asking again changes nothing.
 */
export function BillNotFound() {
  return (
    <NotFound
      testId="bill-not-found"
      icon={FileSearchIcon}
      title={<Trans>Bill not found</Trans>}
      back={{ to: '/bills', label: <Trans>Your bills</Trans> }}
    >
      <Trans>
        There is no bill of yours at this address. Check that you are signed in with the e-mail address the
        bill was sent to.
      </Trans>
    </NotFound>
  )
}
