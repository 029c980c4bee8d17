import type { ReactPromise } from 'react'

/**
 * The signed-in frame (`portal-layout.tsx`) for the screens open to everyone (`DynamicLayout`):
 * loaded when a signed-in user opens one, so a guest's page (the food area, paying) does not
 * download the portal navigation. The `_dynamic` route loads it before it renders (server and
 * browser navigation), and the router before it hydrates a signed-in page (`router.tsx`), so
 * `use()` finds it loaded and nothing waits on a screen.
 */
type PortalLayoutModule = typeof import('./portal-layout.tsx')

let loading: ReactPromise<PortalLayoutModule> | undefined

export function loadPortalLayout(): ReactPromise<PortalLayoutModule> {
  if (!loading) {
    const promise = import('./portal-layout.tsx')
    // Settled, it carries its module, which React's `use()` then reads without waiting a turn.
    void promise.then((module) => Object.assign(promise, { status: 'fulfilled', value: module }))
    loading = promise
  }
  return loading
}
