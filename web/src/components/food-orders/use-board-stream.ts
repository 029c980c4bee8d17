import { useEffect, useRef, useState } from 'react'
import { type BoardEvent, boardEventsUrl } from './api.ts'
import { freshSession } from './session-fresh.ts'

/** The stream says it lives every 2.5 s; hearing nothing for 5 s means the board is offline. */
export const offlineAfterMs = 5_000

/**
 * The kitchen board's live stream (`orders/events`, Server-Sent Events). The browser's EventSource
 * reconnects by itself and sends `Last-Event-ID`, so the server replays exactly what was missed.
 * When the browser gives up (a 401 after the access token ran out closes the source for good) the
 * hook refreshes the session and opens a new source with `?last_event_id=` of the last event it
 * handled. Events are handed on once each: an event whose `seq` is not above the last one is
 * dropped, whatever a reconnect replays. `online` follows the heartbeat.
 */
export function useBoardStream(
  program: string,
  onEvent: (event: BoardEvent) => void,
): { online: boolean; connected: boolean } {
  const [online, setOnline] = useState(true)
  const [connected, setConnected] = useState(false)
  const handler = useRef(onEvent)
  handler.current = onEvent

  useEffect(() => {
    let lastSeq: number | undefined
    let lastHeard = Date.now()
    let source: EventSource | undefined
    let stopped = false
    let reopenTimer: ReturnType<typeof setTimeout> | undefined

    const heard = () => {
      lastHeard = Date.now()
      setOnline(true)
    }
    const open = () => {
      if (stopped) return
      const next = new EventSource(boardEventsUrl(program, lastSeq), { withCredentials: true })
      source = next
      next.addEventListener('ready', (e) => {
        heard()
        setConnected(true)
        if (lastSeq === undefined) {
          const data = JSON.parse((e as MessageEvent<string>).data) as { last_event_id?: number }
          lastSeq = data.last_event_id
        }
      })
      next.addEventListener('heartbeat', heard)
      next.addEventListener('order', (e) => {
        heard()
        const event = JSON.parse((e as MessageEvent<string>).data) as BoardEvent
        if (lastSeq !== undefined && event.seq <= lastSeq) return
        lastSeq = event.seq
        handler.current(event)
      })
      next.onerror = () => {
        if (next.readyState !== EventSource.CLOSED || stopped) return
        // The browser will not try again (an error status): refresh the session and reopen.
        reopenTimer = setTimeout(() => {
          void freshSession().finally(open)
        }, 2_000)
      }
    }
    void freshSession().finally(open)
    const watch = setInterval(() => {
      if (Date.now() - lastHeard > offlineAfterMs) setOnline(false)
    }, 1_000)
    return () => {
      stopped = true
      clearInterval(watch)
      clearTimeout(reopenTimer)
      source?.close()
    }
  }, [program])

  return { online, connected }
}
