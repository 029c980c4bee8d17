import type { Context } from 'hono'
import { bearerSecurity, requireUser } from '../../identity/index.ts'
import { errorResponses, z } from '../../platform/http.ts'
import type { ApiApp, AppEnv } from '../../platform/module.ts'
import { handleResumable } from '../commands/resumable.ts'
import { requestContext } from './schemas.ts'

const authors = ['owner', 'acceptor', 'admin'] as const

const tusHeaders = z.object({
  'tus-resumable': z.literal('1.0.0').openapi({ description: 'The tus protocol version' }),
})

/**
 * The tus protocol's calls for resumable document uploads (commands/resumable.ts). The tus server
 * reads the raw request (headers and byte stream), so these are plain routes handing it over after
 * the guard; POST and PATCH are also described in the OpenAPI document, HEAD (how far an upload
 * got) and DELETE (give it up) take the same path as PATCH.
 */
export function registerResumableRoutes(app: ApiApp) {
  const hand = async (c: Context<AppEnv>) => {
    const me = requireUser(c, ...authors)
    return handleResumable(c.get('services'), me, requestContext(c), c.req.raw)
  }
  app.on(['POST'], '/feed/uploads', hand)
  // Hono dispatches HEAD as GET (the request keeps its HEAD method, which the tus server reads).
  app.on(['PATCH', 'GET', 'DELETE'], '/feed/uploads/:id', hand)

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/feed/uploads',
    tags: ['feed'],
    summary: 'Start a resumable document upload (tus 1.0.0)',
    description:
      'The tus creation call: `Upload-Length` (at most 10 MiB) and `Upload-Metadata` (`filename` in base64). Answers 201 with `Location`, where the bytes go with PATCH; HEAD on it tells `Upload-Offset` after a dropped connection, DELETE gives the upload up. The last PATCH answers the stored file as `POST feed/files` does (200 JSON), or 422 when it is refused. Only its creator reaches an upload (404 for anyone else). Program owners, acceptors and admins; use a tus client (tus-js-client).',
    security: bearerSecurity,
    request: {
      headers: tusHeaders.extend({
        'upload-length': z.string().openapi({ description: 'Bytes of the whole file' }),
        'upload-metadata': z.string().optional().openapi({ description: '`filename <base64>`' }),
      }),
    },
    responses: {
      201: { description: 'Created; `Location` is the upload' },
      ...errorResponses(400, 401, 403, 413),
    },
  })
  app.openAPIRegistry.registerPath({
    method: 'patch',
    path: '/feed/uploads/{id}',
    tags: ['feed'],
    summary: 'Send bytes of a resumable upload (tus 1.0.0)',
    description:
      'Bytes from `Upload-Offset` (the server’s, from HEAD after a drop; 409 otherwise), `Content-Type: application/offset+octet-stream`. 204 with the new `Upload-Offset`; the last one 200 with the stored file `{uuid, path, content_type, name, size}`, or 422 (`file_type_not_allowed`, `file_too_large`).',
    security: bearerSecurity,
    request: {
      params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }),
      headers: tusHeaders.extend({ 'upload-offset': z.string() }),
      body: {
        content: { 'application/offset+octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
      },
    },
    responses: {
      200: {
        description: 'The last bytes: the stored file',
        content: {
          'application/json': {
            schema: z.object({
              uuid: z.uuid(),
              path: z.string(),
              content_type: z.string(),
              name: z.string(),
              size: z.number().int(),
            }),
          },
        },
      },
      204: { description: 'Stored up to the new `Upload-Offset`' },
      ...errorResponses(400, 401, 403, 404, 409, 413, 422),
    },
  })
}
