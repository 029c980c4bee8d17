import { lazy, Suspense, useEffect, useState } from 'react'
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

/**
 * The notice itself (its button and icons) is a chunk of its own: every page has this banner, and
 * almost no page shows it (README, Weight).
 */
const UpdateNotice = lazy(() => import('./update-notice.tsx').then((m) => ({ default: m.UpdateNotice })))

export function UpdateBanner() {
  const available = useNewVersionAvailable()
  if (!available) return null
  return (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  )
}
