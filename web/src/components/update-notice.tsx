import { Trans } from '@lingui/react/macro'
import { RefreshCwIcon, SparklesIcon } from 'lucide-react'
import { Button } from '~/components/ui/button.tsx'

/** The notice of update-banner.tsx, loaded only once a newer build is there. */
export function UpdateNotice() {
  return (
    <div
      role="status"
      data-testid="update-banner"
      className="sticky top-0 z-40 animate-slide-down border-b border-primary-700 bg-primary-600 text-white shadow-md"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <SparklesIcon aria-hidden="true" className="size-4 shrink-0" />
          <Trans>The updated version of the application is available!</Trans>
        </p>
        <Button
          size="sm"
          variant={null}
          className="bg-white text-primary-700 hover:bg-primary-50 active:bg-primary-200"
          onClick={() => window.location.reload()}
        >
          <RefreshCwIcon aria-hidden="true" />
          <Trans>Update now</Trans>
        </Button>
      </div>
    </div>
  )
}
