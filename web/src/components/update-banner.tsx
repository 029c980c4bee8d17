import { Trans } from '@lingui/react/macro'
import { RefreshCwIcon, SparklesIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { whenIdle } from '~/lib/idle.ts'

const checkEveryMs = 60_000

/**
 * Whether a newer build is deployed: `version.json` is fetched every minute and whenever the tab
 * regains focus, and compared with the build id compiled into this bundle.
 */
export function useNewVersionAvailable(): boolean {
  const [available, setAvailable] = useState(false)
  useEffect(() => {
    if (available) return
    let cancelled = false
    const check = async () => {
      try {
        const response = await fetch('/version.json', {
          cache: 'no-store',
          headers: { accept: 'application/json' },
        })
        if (!response.ok) return
        const body: unknown = await response.json()
        const buildId =
          typeof body === 'object' && body !== null && 'buildId' in body ? body.buildId : undefined
        if (!cancelled && typeof buildId === 'string' && buildId !== __BUILD_ID__) setAvailable(true)
      } catch {
        // Offline or mid-deploy: try again at the next tick or focus.
      }
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check()
    }
    const timer = window.setInterval(check, checkEveryMs)
    window.addEventListener('focus', check)
    document.addEventListener('visibilitychange', onVisible)
    // The first check once the page has settled, not while it hydrates.
    const cancelFirst = whenIdle(() => void check())
    return () => {
      cancelled = true
      cancelFirst()
      window.clearInterval(timer)
      window.removeEventListener('focus', check)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [available])
  return available
}

export function UpdateBanner() {
  const available = useNewVersionAvailable()
  if (!available) return null
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
