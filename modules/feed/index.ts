/**
 * The feed (issue 17; spec food.md sections 3–9): posts tied to programs with an audience
 * (everyone, the card holders of the post's program, private), hashtags, images, files and videos,
 * comments and likes, link previews fetched by the worker through the address guard, new posts live
 * over Server-Sent Events, and the admins' moderation. Who sees a post is one rule
 * (rules/audience.ts), asked by every route. See docs/feed.md.
 */
import { defineModule } from '../platform/module.ts'
import { provide } from '../platform/ports.ts'
import { feedErrors } from './errors.ts'
import { registerFeedRoutes } from './http/routes.ts'
import { uploadBodyLimits } from './http/uploads.ts'
import { fetchLinkPreview } from './jobs/link-preview.ts'
import { removeLooseUploadsJob } from './jobs/loose-uploads.ts'
import { audienceSources } from './ports.ts'
import { ownSources } from './queries/viewer.ts'

export { postLinkSet } from './events.ts'
export { linkPreviewHandler } from './jobs/link-preview.ts'
export { type AudienceSource, audienceSources } from './ports.ts'
export { defaultFetchPolicy, type FetchPolicy } from './previews/fetch.ts'

export const feedModule = defineModule({
  name: 'feed',
  errors: feedErrors,
  offers: [audienceSources],
  provides: ownSources.map((source) => provide(audienceSources, source)),
  bodyLimits: uploadBodyLimits,
  routes: (app) => registerFeedRoutes(app),
  handlers: [fetchLinkPreview],
  jobs: [removeLooseUploadsJob],
})
