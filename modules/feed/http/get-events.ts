import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import { createRoute, errorResponses, z } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { listenForPosts, type PostNotice } from '../live/hub.ts'
import { viewerOf } from '../queries/viewer.ts'
import { canSee, type Viewer } from '../rules/audience.ts'
import { viewerCaller } from './schemas.ts'

/** A comment line this often keeps proxies from closing a quiet stream. */
const keepAliveMs = 15_000
/** A stream ends after this long and the browser reconnects (as the terminal's streams do). */
const streamForMs = 50_000
/** The viewer's programs are read again this often: a card activated meanwhile starts to count. */
const refreshViewerMs = 30_000

function serverClosing(c: Context<AppEnv>): boolean {
  const env = c.env as { incoming?: { socket?: { server?: { listening?: boolean } } } } | undefined
  return env?.incoming?.socket?.server?.listening === false
}

export const getEvents = createRoute({
  method: 'get',
  path: '/feed/events',
  tags: ['feed'],
  summary: 'New posts, live (Server-Sent Events)',
  description:
    'A `post` event `{uuid, created}` for each new post the viewer may see (guests: public posts), within about a second of its publication, from any API process; the page shows a “new posts” pill and fetches them through `GET feed/posts`. A `ready` event first. The stream ends after about 50 seconds (EventSource reconnects by itself).',
  responses: {
    200: {
      description: 'An event stream',
      content: {
        'text/event-stream': {
          schema: z.string().openapi({ example: 'event: post\ndata: {"uuid":"…","created":"…"}\n\n' }),
        },
      },
    },
    ...errorResponses(401),
  },
})

export function registerGetEvents(app: ApiApp) {
  app.openapi(getEvents, async (c) => {
    const caller = viewerCaller(c)
    const services = c.get('services')
    let viewer: Viewer | null = await viewerOf(services.db, caller)
    let viewerAt = Date.now()
    c.header('Cache-Control', 'no-cache, no-transform')
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const queue: PostNotice[] = []
      let wake: (() => void) | undefined
      const stop = await listenForPosts(services, (notice) => {
        queue.push(notice)
        wake?.()
      })
      let aborted = false
      stream.onAbort(() => {
        aborted = true
        wake?.()
      })
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 2000 })
        const until = Date.now() + streamForMs
        while (!aborted && Date.now() < until && !serverClosing(c)) {
          if (queue.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve
              setTimeout(resolve, Math.min(keepAliveMs, Math.max(0, until - Date.now())))
            })
            wake = undefined
            if (queue.length === 0) {
              if (!aborted) await stream.write(': keep-alive\n\n')
              continue
            }
          }
          if (caller && Date.now() - viewerAt > refreshViewerMs) {
            viewer = await viewerOf(services.db, caller)
            viewerAt = Date.now()
          }
          for (const notice of queue.splice(0)) {
            const post = {
              author_user_id: notice.author_user_id,
              program_id: notice.program_id,
              audience: notice.audience,
              status: 'published' as const,
            }
            if (canSee(viewer, post))
              await stream.writeSSE({
                event: 'post',
                id: notice.post_id,
                data: JSON.stringify({ uuid: notice.post_id, created: notice.created }),
              })
          }
        }
      } finally {
        stop()
      }
    })
  })
}
