import type { Redis } from 'ioredis'
import type { Services } from '../../platform/module.ts'
import type { Audience } from '../rules/audience.ts'

/**
 * New posts, live, across API processes: the process that saved a post publishes a short notice
 * on a Redis channel (after its transaction committed); every API process holds one subscriber
 * connection and hands each notice to its open event streams, which pass it on only to viewers the
 * post is for (http/get-events.ts asks `canSee`). A notice names the post, never its content: the
 * page fetches it through the API, which checks the audience again.
 *
 * Published straight from the API rather than through the outbox: a notice is only a hint for the
 * "new posts" pill (the post itself is committed), and a relay hop would cost most of the one
 * second the issue allows. A notice lost while Redis restarts shows up at the next page load.
 */
export interface PostNotice {
  post_id: string
  author_user_id: string
  program_id: string | null
  audience: Audience
  created: string
}

type Listener = (notice: PostNotice) => void

interface Subscription {
  connection: Redis
  listeners: Set<Listener>
  ready: Promise<unknown>
}

const subscriptions = new WeakMap<Services, Subscription>()

const channelOf = (services: Services) => `${services.config.REDIS_PREFIX}:feed:posts`

/** Tells every API process's open feeds of a new post. Never fails the request that made it. */
export function announcePost(
  services: Services,
  post: { id: string; author_user_id: string; program_id: string | null; audience: string; created_at: Date },
): void {
  const notice: PostNotice = {
    post_id: post.id,
    author_user_id: post.author_user_id,
    program_id: post.program_id,
    audience: post.audience as Audience,
    created: post.created_at.toISOString(),
  }
  services.redis.publish(channelOf(services), JSON.stringify(notice)).catch((err: Error) => {
    services.log.warn({ err: err.message, post_id: post.id }, 'live notice of a new post not sent')
  })
}

/**
 * Hears of new posts until the answered function is called. The process's subscriber connection
 * is opened for the first listener and closed with the last, so an idle process holds none.
 */
export async function listenForPosts(services: Services, listener: Listener): Promise<() => void> {
  let sub = subscriptions.get(services)
  if (!sub) {
    const connection = services.redis.duplicate({ lazyConnect: false })
    connection.on('error', () => {})
    const listeners = new Set<Listener>()
    connection.on('message', (_channel: string, message: string) => {
      let notice: PostNotice
      try {
        notice = JSON.parse(message) as PostNotice
      } catch {
        return
      }
      for (const l of listeners) l(notice)
    })
    const created: Subscription = { connection, listeners, ready: connection.subscribe(channelOf(services)) }
    subscriptions.set(services, created)
    sub = created
  }
  const current = sub
  current.listeners.add(listener)
  await current.ready
  return () => {
    current.listeners.delete(listener)
    if (current.listeners.size === 0 && subscriptions.get(services) === current) {
      subscriptions.delete(services)
      current.connection.disconnect()
    }
  }
}
