import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { FileStore } from '@tus/file-store'
import { Server } from '@tus/server'
import type { Caller } from '../../platform/access.ts'
import type { Config } from '../../platform/config.ts'
import type { RequestContext } from '../../platform/context.ts'
import { AppError } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import type { Services } from '../../platform/module.ts'
import { storeFeedDocument, uploadLimits } from './uploads.ts'

/**
 * Resumable uploads of documents (issue 17: "uploads that survive bad networks"), with the tus
 * protocol (tus.io, version 1.0.0: an open standard with maintained clients such as
 * tus-js-client) served by `@tus/server` over a file store in `DATA_DIR/uploads/feed/tus`. The client
 * creates an upload (`POST feed/uploads` with `Upload-Length`), sends its bytes (`PATCH
 * feed/uploads/{id}` at `Upload-Offset`) and, when the connection drops, asks how far the server
 * got (`HEAD`) and goes on from there. When the last byte is in, the file goes through the same
 * checks as `POST feed/files` (size, type sniffed from the bytes) and becomes a loose upload whose
 * uuid a post takes; the last PATCH answers it as JSON (200), or 422 when the file is refused.
 *
 * An upload is its creator's: anyone else is told it does not exist (404). Uploads left unfinished
 * expire after a day (the nightly clean-up removes them).
 */

export const resumablePath = '/api/v1/feed/uploads'

/** Who sends each request the tus server handles (its hooks see only the request). */
const callers = new WeakMap<Request, { me: Caller; ctx: RequestContext }>()

const servers = new WeakMap<Services, Server>()

export const resumableDir = (config: Pick<Config, 'DATA_DIR'>) =>
  path.join(config.DATA_DIR, 'uploads', 'feed', 'tus')

const notFoundBody = JSON.stringify({ error: { code: 'not_found', message: 'upload not found' } })

function callerOf(req: Request) {
  const caller = callers.get(req)
  if (!caller) throw { status_code: 401, body: 'sign-in required\n' }
  return caller
}

/** The process's tus server for these services (one file store per data folder). */
export function resumableServer(services: Services): Server {
  const existing = servers.get(services)
  if (existing) return existing
  const datastore = new FileStore({
    directory: resumableDir(services.config),
    expirationPeriodInMilliseconds: 24 * 3600 * 1000,
  })
  const server: Server = new Server({
    path: resumablePath,
    datastore,
    maxSize: uploadLimits.fileBytes,
    relativeLocation: true,
    // One origin (the platform's): no cross-origin access to uploads.
    allowedOrigins: () => false,
    namingFunction: () => newId(),
    async onUploadCreate(req, upload) {
      const { me } = callerOf(req as unknown as Request)
      return { metadata: { ...upload.metadata, owner: me.user_id } }
    },
    async onIncomingRequest(req, uploadId) {
      const { me } = callerOf(req as unknown as Request)
      if (req.method === 'POST') return // creating it: onUploadCreate makes it the caller's
      const upload = await datastore.getUpload(uploadId).catch(() => null)
      if (!upload || upload.metadata?.owner !== me.user_id) throw { status_code: 404, body: notFoundBody }
    },
    async onUploadFinish(req, upload) {
      const { me, ctx } = callerOf(req as unknown as Request)
      const bytes = await readFile(path.join(resumableDir(services.config), upload.id))
      const name = upload.metadata?.filename ?? upload.metadata?.name ?? undefined
      try {
        const row = await storeFeedDocument(services.db, services.config, ctx, me.user_id, bytes, name)
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            uuid: row.id,
            path: `/api/v1/feed/files/${row.id}`,
            content_type: row.content_type,
            name: row.name,
            size: row.bytes,
          }),
        }
      } catch (err) {
        if (err instanceof AppError && err.status === 422)
          throw {
            status_code: 422,
            body: JSON.stringify({
              error: { code: err.code, message: err.message, reason: err.reason, request_id: ctx.requestId },
            }),
          }
        throw err
      } finally {
        await datastore.remove(upload.id).catch(() => {})
      }
    },
  })
  servers.set(services, server)
  return server
}

/** Hands a request of the caller's to the tus server and answers its response. */
export function handleResumable(
  services: Services,
  me: Caller,
  ctx: RequestContext,
  request: Request,
): Promise<Response> {
  callers.set(request, { me, ctx })
  return resumableServer(services).handleWeb(request)
}

/** Removes unfinished resumable uploads older than a day (the nightly clean-up). */
export function removeExpiredResumables(services: Services): Promise<number> {
  return resumableServer(services).cleanUpExpiredUploads()
}
