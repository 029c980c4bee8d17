import { Upload } from 'tus-js-client'
import { ApiError, api, apiBase, csrfHeaders } from '~/lib/api.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { retryDelaysMs, withRetries } from './queries.ts'

/**
 * Uploads of the post editor (docs/feed.md, Uploads): images with `POST feed/upload`, documents
 * resumably over tus (`feed/uploads`, tus-js-client), so a dropped connection goes on from where
 * the server got to. Both try again after 1, 2 and 3 s (spec section 9); a refused file (422) is
 * final at once (spec section 8).
 */

export type UploadedImage = Schema<'FeedImage'>
export type UploadedFile = Schema<'FeedUpload'>

/** An image (PNG or JPG, at most 2 MiB), stored by the API as JPG in three sizes. */
export function uploadImage(file: File): Promise<UploadedImage> {
  return withRetries(() => {
    const body = new FormData()
    body.append('file', file)
    return api.post<UploadedImage>('/feed/upload', body)
  })
}

type Envelope = Partial<Schema<'Error'>['error']>

/** The API's error envelope in a tus answer's body, as an `ApiError` (the 422 refusals). */
function errorOf(status: number, body: string): ApiError {
  let error: Envelope | undefined
  try {
    error = (JSON.parse(body) as { error?: Envelope }).error
  } catch {
    error = undefined
  }
  return new ApiError({
    status,
    code: error?.code ?? (status >= 500 ? 'internal' : 'network'),
    message: error?.message ?? `upload failed (${status})`,
    reason: error?.reason,
    params: error?.params,
    fields: error?.field_codes,
  })
}

/** A document over tus, resumable; `onProgress` gets the share sent (0–1). */
export function uploadFile(file: File, onProgress?: (share: number) => void): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${apiBase}/feed/uploads`,
      headers: { ...csrfHeaders },
      metadata: { filename: file.name, filetype: file.type },
      retryDelays: [...retryDelaysMs],
      removeFingerprintOnSuccess: true,
      // A refusal (4xx but a conflict or a lock) is final: only a lost connection or a server error is retried.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0
        return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429
      },
      onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null
        reject(
          response
            ? errorOf(response.getStatus(), response.getBody())
            : new ApiError({ status: 0, code: 'network', message: error.message }),
        )
      },
      onSuccess: ({ lastResponse }) => {
        try {
          resolve(JSON.parse(lastResponse.getBody()) as UploadedFile)
        } catch {
          reject(
            new ApiError({
              status: lastResponse.getStatus(),
              code: 'network',
              message: 'no stored file in the answer',
            }),
          )
        }
      },
    })
    void upload.findPreviousUploads().then((previous) => {
      const last = previous[0]
      if (last) upload.resumeFromPreviousUpload(last)
      upload.start()
    })
  })
}

/** A YouTube or Vimeo address, recognised by the API (400 `video_not_recognised` otherwise). */
export const checkVideo = (url: string) =>
  withRetries(() => api.post<Schema<'FeedVideo'>>('/feed/videos', { url }))
