import type { Config } from '../../platform/config.ts'
import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { findPost, lockPost, updatePostRow } from '../db/posts.ts'
import { postLinkSet } from '../events.ts'
import { defaultFetchPolicy, type FetchPolicy, fetchPage } from '../previews/fetch.ts'
import { parsePreview } from '../previews/parse.ts'
import { ownLink } from '../shared.ts'

const name = 'feed.fetch-link-preview'

/** The platform's own host names: every portal's, and the public address's host. */
export function platformHosts(
  config: Pick<Config, 'ADMIN_HOST' | 'PROGRAMS_HOST' | 'ACCEPTOR_HOST' | 'CARDHOLDER_HOST' | 'PUBLIC_URL'>,
): string[] {
  const hosts = [config.ADMIN_HOST, config.PROGRAMS_HOST, config.ACCEPTOR_HOST, config.CARDHOLDER_HOST].flat()
  try {
    hosts.push(new URL(config.PUBLIC_URL).hostname)
  } catch {
    // No usable public address: the portals' names are enough.
  }
  return hosts
}

/**
 * Fetches the preview of a post's link (title, description, image) through the address guard
 * (previews/fetch.ts) and stores it on the post, once per event. A link the guard refuses, or a
 * page that does not answer in time, gets no preview and is not retried: a retry would only knock
 * again on a door that was closed for a reason. A link the post no longer has is left alone.
 * A link to one of the platform's own pages (a restaurant, a bill, a card program's order page on
 * a platform host; shared.ts) is not fetched: the web shows it as a block read with the viewer's
 * rights, and fetching our own pages would only cost a request.
 * On the `notifications` queue, with the other outbound calls (see workers/notifications.ts).
 */
export function linkPreviewHandler(policy: FetchPolicy = defaultFetchPolicy) {
  return defineHandler({
    name,
    event: postLinkSet,
    queue: 'notifications',
    async handle({ event, services, log }) {
      const { post_id, link } = event.payload
      const post = await findPost(services.db, post_id)
      if (!post || post.link !== link) return log.info({ post_id }, 'link changed or post gone; no preview')
      if (ownLink(link, platformHosts(services.config)))
        return log.info({ post_id, link }, 'a page of the platform: shown as a block, not fetched')
      const page = await fetchPage(link, policy)
      if (!page.ok) return log.info({ post_id, link, error: page.error }, 'no link preview')
      const preview = { ...parsePreview(page.html, page.url), url: link }
      await once(services.db, event.id, name, async (trx) => {
        const row = await lockPost(trx, post_id)
        if (!row || row.link !== link) return
        await updatePostRow(trx, post_id, { link_preview: JSON.stringify(preview) })
      })
      log.info({ post_id, title: preview.title !== null }, 'link preview stored')
    },
  })
}

export const fetchLinkPreview = linkPreviewHandler()
