import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { apiUrl } from '~/lib/api.ts'
import { finalStatuses, requestQueryOptions, type TerminalRequest, terminalKeys } from './queries.ts'

/** How often to ask when the event stream cannot be used (no EventSource, refused, a proxy in the way). */
const pollEveryMs = 2000

/**
 * A terminal request, kept up to date live: the API's event stream (`…/events`, Server-Sent
 * Events over the same origin, with the session cookie) pushes every change; the browser's
 * EventSource reconnects by itself when the server ends a stream. When the stream fails for good
 * (e.g. the access token ran out: EventSource cannot refresh it), the query polls instead, and the
 * API client refreshes the session as usual.
 */
export function useLiveRequest(uuid: string | null) {
  const queryClient = useQueryClient()
  const [streaming, setStreaming] = useState(false)
  const query = useQuery({
    ...requestQueryOptions(uuid ?? ''),
    enabled: uuid !== null,
    refetchInterval: (q) =>
      !streaming && q.state.data && !finalStatuses.includes(q.state.data.status) ? pollEveryMs : false,
  })
  const status = query.data?.status
  const done = status !== undefined && finalStatuses.includes(status)

  useEffect(() => {
    if (!uuid || done || typeof EventSource === 'undefined') return
    const source = new EventSource(apiUrl(`/manager/terminal-requests/${uuid}/events`), {
      withCredentials: true,
    })
    source.addEventListener('open', () => setStreaming(true))
    source.addEventListener('status', (event) => {
      const { result } = JSON.parse((event as MessageEvent<string>).data) as { result: TerminalRequest }
      queryClient.setQueryData(terminalKeys.request(uuid), result)
      if (finalStatuses.includes(result.status)) {
        source.close()
        void queryClient.invalidateQueries({ queryKey: terminalKeys.all })
      }
    })
    source.addEventListener('error', () => {
      // CONNECTING: it retries by itself. CLOSED: refused for good; poll instead.
      if (source.readyState === EventSource.CLOSED) setStreaming(false)
    })
    return () => {
      source.close()
      setStreaming(false)
    }
  }, [uuid, done, queryClient])

  return query
}
