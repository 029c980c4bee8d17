import { type Caller, isAdmin, userTypes } from '../../platform/access.ts'
import type { UserType } from '../../platform/context.ts'

/**
 * Who sees a post: the one audience rule of the feed (spec section 6; issue 17, "audiences
 * enforced everywhere"). Every route that answers a post, its comments or its likes asks
 * `canSee`; the lists ask the same rule in SQL (queries/feed.ts), and the generated visibility test
 * checks both against this function. A post the viewer may not see is a 404, as one that does not
 * exist, and counts never include it.
 *
 * | audience      | who sees it                                                                    |
 * | ------------- | ------------------------------------------------------------------------------ |
 * | `everyone`    | everybody, guests (no token) included                                          |
 * | `cardholders` | the members of the post's program: holders of an active card (later: an open   |
 * |               | bill) of it, its owner, its active acceptors; and admins                       |
 * | `private`     | its author and admins                                                          |
 *
 * The author always sees their own post, and admins every post. A post an admin hid or removed is
 * seen only by its author (with the reason) and admins; a post its author deleted by nobody.
 */

export const audiences = ['everyone', 'cardholders', 'private'] as const
export type Audience = (typeof audiences)[number]

export const postStatuses = ['published', 'hidden', 'removed', 'deleted'] as const
export type PostStatus = (typeof postStatuses)[number]

/**
 * A signed-in viewer with the programs they are a member of for the `cardholders` audience
 * (owner, active acceptor, holder of an active card or bill: queries/viewer.ts). A guest is `null`.
 */
export interface Viewer {
  user_id: string
  user_type: UserType
  members: ReadonlySet<string>
}

/** The facts of a post the rule decides on. */
export interface PostFacts {
  author_user_id: string
  program_id: string | null
  audience: Audience
  status: PostStatus
}

/** Whether the viewer (null: a guest) sees the post. */
export function canSee(viewer: Viewer | null, post: PostFacts): boolean {
  if (post.status === 'deleted') return false
  if (viewer && (isAdmin(viewer) || viewer.user_id === post.author_user_id)) return true
  if (post.status !== 'published') return false
  switch (post.audience) {
    case 'everyone':
      return true
    case 'cardholders':
      return viewer !== null && post.program_id !== null && viewer.members.has(post.program_id)
    case 'private':
      return false
  }
}

/**
 * Who writes posts: program owners, acceptors and admins (issue 17; docs/feed.md). Card holders
 * read, like and comment; guests only read. The route guard names the same three types.
 */
export const authorTypes = ['owner', 'acceptor', 'admin'] as const

export const mayWritePosts = (me: Caller) =>
  me.user_type === userTypes.owner || me.user_type === userTypes.acceptor || me.user_type === userTypes.admin

/**
 * Who edits or deletes a comment: its author, the owner of the post's program and admins. The
 * caller must see the post in the first place (else 404).
 */
export function mayChangeComment(
  me: Caller,
  comment: { author_user_id: string },
  programOwnerUserId: string | null,
): boolean {
  return isAdmin(me) || comment.author_user_id === me.user_id || programOwnerUserId === me.user_id
}
