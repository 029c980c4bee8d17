import { useEffect, useState } from 'react'

/**
 * False while the page is server-rendered HTML, true once React runs in the browser. Buttons that
 * act through scripts stay disabled until then, so an early click is not lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
