import { rm } from 'node:fs/promises'
import { z } from 'zod'
import { defineJob, type Services } from '../../platform/module.ts'
import { removeExpiredResumables } from '../commands/resumable.ts'
import { documentFile, removeImageFiles } from '../commands/uploads.ts'
import { deleteLooseUploads, looseUploads } from '../db/media.ts'

/** An upload not in a post after this long was given up (a draft left, a retry's double). */
export const looseUploadMaxAgeMs = 24 * 3600 * 1000

/**
 * Removes uploads that no post took within a day (and those an edit took off a post): their rows,
 * then their files. A row goes first, only while still loose, so an upload a post takes meanwhile
 * stays; a file whose row is gone is never served again. Answers how many went.
 */
export async function removeLooseUploads(services: Pick<Services, 'db' | 'config'>, now = new Date()) {
  const before = new Date(now.getTime() - looseUploadMaxAgeMs)
  let removed = 0
  for (const table of ['feed_images', 'feed_files', 'feed_videos'] as const) {
    for (;;) {
      const ids = await looseUploads(services.db, table, before, 500)
      if (ids.length === 0) break
      const gone = await deleteLooseUploads(services.db, table, ids)
      for (const id of gone) {
        if (table === 'feed_images') await removeImageFiles(services.config, id)
        if (table === 'feed_files') await rm(documentFile(services.config, id), { force: true })
      }
      removed += gone.length
      if (ids.length < 500) break
    }
  }
  return removed
}

/** Every night in the worker: loose uploads, and resumable uploads left unfinished. */
export const removeLooseUploadsJob = defineJob({
  name: 'feed.remove-loose-uploads',
  version: 1,
  queue: 'notifications',
  schema: z.object({}),
  schedule: { pattern: '40 3 * * *' },
  async handle({ services, log }) {
    const removed = await removeLooseUploads(services)
    // Resumable uploads never finished within a day (their parts on disk).
    const unfinished = await removeExpiredResumables(services)
    if (removed || unfinished) log.info({ removed, unfinished }, 'loose feed uploads removed')
  },
})
