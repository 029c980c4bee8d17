import { z } from 'zod'
import { defineEvent } from '../platform/events.ts'

/**
 * A post got a link (new, or changed by an edit): the worker fetches its preview (title,
 * description, image) through the address guard. `link` is the link at the time: a preview for a
 * link the post no longer has is not stored.
 */
export const postLinkSet = defineEvent('feed.post.link-set', z.object({ post_id: z.uuid(), link: z.url() }))
