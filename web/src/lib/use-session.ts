import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useCallback, useSyncExternalStore } from 'react'
import { currentSession, type Session, signOut, subscribeSession } from './session.ts'

/**
 * The signed-in user for components: the browser's session store (so a profile save that changes
 * the name or language shows at once), the root route's session while rendering on the server.
 */
export function useSession(): Session | null {
  const fromRoute = useRouteContext({ from: '__root__', select: (c) => c.session })
  return useSyncExternalStore(subscribeSession, currentSession, () => fromRoute)
}

/** Signs out (the API ends the session and clears its cookies), forgets cached data, goes to `/`. */
export function useSignOut(): () => Promise<void> {
  const router = useRouter()
  return useCallback(async () => {
    await signOut()
    router.options.context.queryClient.clear()
    await router.navigate({ to: '/', replace: true })
  }, [router])
}
