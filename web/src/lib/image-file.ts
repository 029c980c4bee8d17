import { msg } from '@lingui/core/macro'
import { z } from 'zod'

/** The largest image the API takes (avatars, program images: spec section 5). */
export const imageMaxBytes = 1024 * 1024
const imageTypes = ['image/jpeg', 'image/png']

/**
 * An image file the platform takes (`POST user/profile/avatar`, `POST manager/commons/images`): a
 * JPG or PNG of at most 1 MB, checked as it is chosen so nobody waits for a refusal. Whether the
 * bytes are one is the API's to say (`image_not_jpg_png`, `image_unreadable`).
 */
export const imageFileSchema = z
  .custom<File>((value) => typeof File !== 'undefined' && value instanceof File, {
    error: msg`Choose a JPG or PNG image.`.id,
  })
  .refine((file) => imageTypes.includes(file.type), {
    error: msg`Choose a JPG or PNG image.`.id,
    abort: true,
  })
  .refine((file) => file.size <= imageMaxBytes, { error: msg`The image is larger than 1 MB.`.id })
