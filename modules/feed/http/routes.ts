import type { ApiApp } from '../../platform/module.ts'
import { registerAdminRoutes } from './admin.ts'
import { registerChangeComment } from './change-comment.ts'
import { registerDeletePost } from './delete-post.ts'
import { registerGetComments } from './get-comments.ts'
import { registerGetEvents } from './get-events.ts'
import { registerGetPost } from './get-post.ts'
import { registerGetPosts } from './get-posts.ts'
import { registerPatchPost } from './patch-post.ts'
import { registerPostComment } from './post-comment.ts'
import { registerPostLike } from './post-like.ts'
import { registerPostPosts } from './post-posts.ts'
import { registerResumableRoutes } from './resumable.ts'
import { registerUploadRoutes } from './uploads.ts'

/**
 * The feed module's routes, all in the `feed` group (spec section 7; docs/feed.md):
 *
 *   posts        GET, POST /feed/posts; GET (uuid or url), PATCH, DELETE /feed/posts/{uuid}
 *   likes        POST /feed/posts/{uuid}/like
 *   comments     GET, POST /feed/posts/{uuid}/comments; POST (edit), DELETE …/comments/{commentUuid}
 *   uploads      POST /feed/upload (image), /feed/files (document), /feed/videos (address);
 *                GET /feed/images/{uuid}/{size}, /feed/files/{uuid}
 *   resumable    POST /feed/uploads; PATCH, HEAD, DELETE /feed/uploads/{id} (tus 1.0.0)
 *   live         GET /feed/events (Server-Sent Events)
 *   admin        GET /feed/admin/posts; POST /feed/admin/posts/{uuid}/moderation;
 *                GET /feed/admin/statistics
 *
 * Guests (no token) read: the feed, a post, its comments, its images and files, the live events.
 */
export function registerFeedRoutes(app: ApiApp) {
  registerGetEvents(app)
  registerGetPosts(app)
  registerPostPosts(app)
  registerGetPost(app)
  registerPatchPost(app)
  registerDeletePost(app)
  registerPostLike(app)
  registerGetComments(app)
  registerPostComment(app)
  registerChangeComment(app)
  registerUploadRoutes(app)
  registerResumableRoutes(app)
  registerAdminRoutes(app)
}
