import { useCallback, useSyncExternalStore } from 'react'
import type { FieldIssue } from '~/lib/api.ts'
import type { Portal } from '~/lib/portal.ts'

/**
 * What a registration remembers between its steps, per portal, in sessionStorage: the tab keeps
 * it across reloads and the back button, and it is gone when the tab closes. Never a password:
 * only the e-mail, when the code was sent, the signup token the code was exchanged for (single
 * use, 30 minutes, worth no more than the code itself) and the details typed so far.
 */
export interface RegistrationDraft {
  email?: string
  /** Epoch ms from which a new code may be asked for. */
  resendAt?: number
  signupToken?: string
  /** Epoch ms when the signup token stops working. */
  tokenExpiresAt?: number
  /** Acceptor: the invitation token of the link that brought them. */
  invite?: string
  /** Field values of the later steps (no password), keyed by the form's field names. */
  details?: Record<string, unknown>
  /** The API's field errors of an earlier step (by the API's field names), shown when it opens again. */
  errors?: Record<string, FieldIssue[]>
}

const keyOf = (portal: Portal) => `registration:${portal}`
const listeners = new Set<() => void>()
const cache = new Map<string, { raw: string | null; value: RegistrationDraft }>()
const empty: RegistrationDraft = {}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

export function readDraft(portal: Portal): RegistrationDraft {
  const raw = storage()?.getItem(keyOf(portal)) ?? null
  const hit = cache.get(keyOf(portal))
  if (hit && hit.raw === raw) return hit.value
  let value = empty
  try {
    value = raw ? (JSON.parse(raw) as RegistrationDraft) : empty
  } catch {
    value = empty
  }
  cache.set(keyOf(portal), { raw, value })
  return value
}

export function writeDraft(portal: Portal, patch: Partial<RegistrationDraft>): RegistrationDraft {
  const next = { ...readDraft(portal), ...patch }
  for (const key of Object.keys(next) as (keyof RegistrationDraft)[]) {
    if (next[key] === undefined) delete next[key]
  }
  try {
    storage()?.setItem(keyOf(portal), JSON.stringify(next))
  } catch {
    // Storage full or unavailable: the steps still work, only a reload starts over.
  }
  for (const listener of listeners) listener()
  return next
}

export function saveDetails(portal: Portal, values: Record<string, unknown>): void {
  const { password: _p, password_confirmation: _c, ...safe } = values
  writeDraft(portal, { details: { ...readDraft(portal).details, ...safe } })
}

export function clearDraft(portal: Portal): void {
  storage()?.removeItem(keyOf(portal))
  for (const listener of listeners) listener()
}

/** A signup token that still has a minute left. */
export function liveSignupToken(draft: RegistrationDraft): string | undefined {
  if (!draft.signupToken || !draft.tokenExpiresAt) return undefined
  return draft.tokenExpiresAt - Date.now() > 60_000 ? draft.signupToken : undefined
}

/** The draft of this portal's registration, re-rendering when a step changes it. */
export function useDraft(portal: Portal): RegistrationDraft {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, [])
  return useSyncExternalStore(
    subscribe,
    () => readDraft(portal),
    () => empty,
  )
}
