import { useLingui } from '@lingui/react/macro'
import { MegaphoneIcon, XIcon } from 'lucide-react'
import { useSyncExternalStore } from 'react'

/**
 * A restaurant's announcements, on the list and on its page. A guest can dismiss one; it stays
 * dismissed on that device (localStorage), so the server renders them all and the browser hides
 * the dismissed ones as it takes over.
 */

const storageKey = 'food-dismissed-announcements'
const listeners = new Set<() => void>()
let cache: { raw: string | null; ids: ReadonlySet<string> } | undefined
const none: ReadonlySet<string> = new Set()

function readDismissed(): ReadonlySet<string> {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(storageKey)
  } catch {
    // Storage unavailable (private mode): nothing dismissed.
  }
  if (cache && cache.raw === raw) return cache.ids
  let ids: string[] = []
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string')
  } catch {
    ids = []
  }
  cache = { raw, ids: new Set(ids) }
  return cache.ids
}

function dismiss(id: string): void {
  // The newest 200 are enough: old announcements are gone from the API anyway.
  const ids = [...readDismissed(), id].slice(-200)
  try {
    localStorage.setItem(storageKey, JSON.stringify(ids))
  } catch {
    // Not kept: it still goes away for this page.
    cache = { raw: cache?.raw ?? null, ids: new Set(ids) }
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function Announcements({
  items,
}: {
  items: { uuid: string; announcement: string; restaurant_title?: string }[]
}) {
  const { t } = useLingui()
  const dismissed = useSyncExternalStore(subscribe, readDismissed, () => none)
  const shown = items.filter((item) => !dismissed.has(item.uuid))
  if (shown.length === 0) return null
  return (
    <ul className="grid gap-2" aria-label={t`Announcements`} data-testid="food-announcements">
      {shown.map((item) => (
        <li
          key={item.uuid}
          className="flex items-start gap-3 rounded-xl border border-primary-200 bg-primary-50 py-2.5 pr-1.5 pl-3.5 text-sm text-primary-900"
          data-testid="food-announcement"
        >
          <MegaphoneIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />
          <p className="min-w-0 flex-1 break-words">
            {item.restaurant_title ? (
              <strong className="font-semibold">{item.restaurant_title}: </strong>
            ) : null}
            {item.announcement}
          </p>
          <button
            type="button"
            onClick={() => dismiss(item.uuid)}
            aria-label={t`Dismiss announcement`}
            className="grid size-8 shrink-0 place-content-center rounded-md text-primary-800 hover:bg-primary-100 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
            data-testid="dismiss-announcement"
          >
            <XIcon aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  )
}
