import {
  AppError,
  businessRule,
  type ErrorParams,
  type FieldErrorCode,
  fieldProblem,
  type Listed,
  type ModuleErrors,
} from '../platform/errors.ts'

/** The feed module's closed list of error reasons (docs/feed.md). */
export const feedReasons = [
  'not_post_author',
  'not_comment_author',
  'post_not_published',
  'file_too_large',
  'file_type_not_allowed',
  'image_too_large',
  'image_not_jpg_png',
  'image_unreadable',
] as const

/** Codes of the feed module's own field checks (posts, comments, uploads, videos). */
export const feedFieldCodes = [
  'link_not_http',
  'link_invalid',
  'link_has_credentials',
  'invalid_tag',
  'video_not_recognised',
  'unknown_upload',
  'program_required',
  'program_not_active',
  'file_too_large',
  'file_type_not_allowed',
  'image_too_large',
  'image_not_jpg_png',
  'image_unreadable',
] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof feedReasons> {}
  interface FieldErrorCodes extends Listed<typeof feedFieldCodes> {}
}

export const feedErrors: ModuleErrors = { reasons: feedReasons, fieldCodes: feedFieldCodes }

/** The caller sees the post but did not write it: only its author edits or deletes it (403). */
export const notPostAuthor = () =>
  new AppError('forbidden', 'only the author of the post may change it', { reason: 'not_post_author' })

/** The caller sees the comment but may not change it: its author, the program's owner, admins (403). */
export const notCommentAuthor = () =>
  new AppError(
    'forbidden',
    'only the author of the comment, the owner of the program and admins may change it',
    {
      reason: 'not_comment_author',
    },
  )

/** A hidden or removed post is read-only for its author: no likes, no comments (422). */
export const postNotPublished = () =>
  businessRule('the post was hidden by an administrator: it takes no likes or comments', 'post_not_published')

type FileRefusal = (typeof feedReasons)[number] & (typeof feedFieldCodes)[number]

/**
 * A refused upload: 422 at once (the web does not retry it, spec section 8), with the reason and
 * the same code on the multipart field, so a form can show it beside the input.
 */
export const refusedFile = (field: string, code: FileRefusal, message: string, params?: ErrorParams) =>
  new AppError('business_rule', message, {
    reason: code,
    ...(params ? { params } : {}),
    fields: { [field]: [fieldProblem(code as FieldErrorCode, message, params)] },
  })
