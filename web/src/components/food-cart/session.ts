import { useSyncExternalStore } from 'react'

/**
 * The guest's food session (spec section 4 "Session"): created once, its uuid kept on this device
 * in `localStorage` (`food-session`); its presence marks the session as active. Nothing else about
 * the guest is kept on the device: address, basket and orders are the API's.
 */
export const sessionStorageKey = 'food-session'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const listeners = new Set<() => void>()

export function storedSessionId(): string | null {
  if (typeof window === 'undefined') return null
  try {
    const value = window.localStorage.getItem(sessionStorageKey)
    return value && uuidPattern.test(value) ? value : null
  } catch {
    return null
  }
}

export function storeSessionId(uuid: string | null): void {
  try {
    if (uuid) window.localStorage.setItem(sessionStorageKey, uuid)
    else window.localStorage.removeItem(sessionStorageKey)
  } catch {
    // Private mode without storage: the session lives as long as the page.
  }
  memory = uuid
  for (const listener of listeners) listener()
}

let memory: string | null = null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === sessionStorageKey) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The device's food session uuid; null on the server and until one is made. */
export function useFoodSessionId(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => storedSessionId() ?? memory,
    () => null,
  )
}
