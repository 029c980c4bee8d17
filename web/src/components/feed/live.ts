import { useEffect, useRef, useState } from 'react'
import { apiBase } from '~/lib/api.ts'

/**
 * New posts in the viewer's audience as they are published (`GET feed/events`, Server-Sent
 * Events): the uuids not yet shown, for a "new posts" pill. The stream ends after about 50 s and
 * EventSource opens it again by itself.
 */
export function useNewPosts(
  shown: ReadonlySet<string>,
  enabled: boolean,
): { uuids: string[]; clear: () => void } {
  const [uuids, setUuids] = useState<string[]>([])
  const shownRef = useRef(shown)
  shownRef.current = shown
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource(`${apiBase}/feed/events`)
    const onPost = (event: MessageEvent<string>) => {
      try {
        const { uuid } = JSON.parse(event.data) as { uuid?: unknown }
        if (typeof uuid !== 'string' || shownRef.current.has(uuid)) return
        setUuids((before) => (before.includes(uuid) ? before : [...before, uuid]))
      } catch {
        // Not a notice we know: ignore it.
      }
    }
    source.addEventListener('post', onPost)
    return () => {
      source.removeEventListener('post', onPost)
      source.close()
    }
  }, [enabled])
  return { uuids, clear: () => setUuids([]) }
}
