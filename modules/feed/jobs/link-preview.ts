import { defineHandler } from '../../platform/module.ts'
import { once } from '../../platform/once.ts'
import { findPost, lockPost, updatePostRow } from '../db/posts.ts'
import { postLinkSet } from '../events.ts'
import { defaultFetchPolicy, type FetchPolicy, fetchPage } from '../previews/fetch.ts'
import { parsePreview } from '../previews/parse.ts'

const name = 'feed.fetch-link-preview'

/**
 * Fetches the preview of a post's link (title, description, image) through the address guard
 * (previews/fetch.ts) and stores it on the post, once per event. A link the guard refuses, or a
 * page that does not answer in time, gets no preview and is not retried: a retry would only knock
 * again on a door that was closed for a reason. A link the post no longer has is left alone.
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
