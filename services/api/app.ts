import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { OpenAPIHono } from '@hono/zod-openapi'
import { Scalar } from '@scalar/hono-api-reference'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import { refuseNulInAddress } from '../../modules/platform/bad-input.ts'
import { guest } from '../../modules/platform/context.ts'
import { isPoolTimeout } from '../../modules/platform/db.ts'
import { AppError, platformFieldCodes, platformReasons } from '../../modules/platform/errors.ts'
import { errorBody, newRouter, validationHook } from '../../modules/platform/http.ts'
import { newId } from '../../modules/platform/ids.ts'
import type { AppEnv, ModuleDefinition, Services } from '../../modules/platform/module.ts'
import { overloaded, shedLoad } from './back-pressure.ts'
import { compressAnswers } from './compression.ts'
import { healthRoutes } from './health.ts'

export const apiBase = '/api/v1'

export interface AppOptions {
  services: Services
  modules: readonly ModuleDefinition[]
  /** Serves everything outside /api (the built web app); absent in API-only tests. */
  web?: ((request: Request) => Promise<Response>) | null
  /** Extra routes mounted before the web fallback (the queue dashboard in development). */
  extra?: (app: OpenAPIHono<AppEnv>) => void
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/

const documentConfig: Parameters<OpenAPIHono<AppEnv>['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Cardpay platform API',
    version: '1',
    description:
      'Card, payment and food ordering platform. Money is integer minor units with an ISO currency. Errors use one envelope `{"error": {"code", "message", "reason", "params", "fields", "field_codes", "retry_after", "request_id"}}`: `reason` is from the closed list `ErrorReason`, each field error has a code from `FieldErrorCode`; word errors from those, not from `message`.',
  },
  servers: [{ url: '/' }],
}

const sortedUnique = (values: Iterable<string>) => [...new Set(values)].sort()

/**
 * The OpenAPI document (`/api/v1/openapi.json`): every route, and the closed lists of error reasons
 * and field error codes of the platform and of each module (their `errors.ts`), as the enums
 * `ErrorReason` and `FieldErrorCode` that client generators turn into types.
 */
export function openApiDocument(app: OpenAPIHono<AppEnv>, modules: readonly ModuleDefinition[]) {
  const doc = app.getOpenAPI31Document(documentConfig)
  const lists = [
    { name: 'platform', reasons: platformReasons, fieldCodes: platformFieldCodes },
    ...modules.map((m) => ({
      name: m.name,
      reasons: m.errors?.reasons ?? [],
      fieldCodes: m.errors?.fieldCodes ?? [],
    })),
  ]
  const byModule = (pick: (l: (typeof lists)[number]) => readonly string[]) =>
    lists
      .filter((l) => pick(l).length)
      .map(
        (l) =>
          `- ${l.name}: ${pick(l)
            .map((r) => `\`${r}\``)
            .join(', ')}`,
      )
      .join('\n')
  doc.components ??= {}
  doc.components.schemas ??= {}
  const schemas = doc.components.schemas
  schemas.ErrorReason = {
    type: 'string',
    enum: sortedUnique(lists.flatMap((l) => l.reasons)),
    description: `Why a call was refused, within its \`code\`. By module:\n${byModule((l) => l.reasons)}`,
  }
  schemas.FieldErrorCode = {
    type: 'string',
    enum: sortedUnique(lists.flatMap((l) => l.fieldCodes)),
    description: `What is wrong with one field (\`field_codes\`), with its numbers in \`params\`. By module:\n${byModule((l) => l.fieldCodes)}`,
  }
  return doc
}

/**
 * Builds the HTTP application: request ids and logging, security headers, body limit, the one
 * error envelope, health and readiness, every module's routes under /api/v1, the OpenAPI document
 * and its reference page, and (outside tests) the web app for all other paths.
 */
export function newApp({ services, modules, web, extra }: AppOptions): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const requestId = incoming && requestIdPattern.test(incoming) ? incoming : newId()
    const log = services.log.child({ request_id: requestId })
    c.set('requestId', requestId)
    c.set('log', log)
    c.set('services', services)
    c.set('actor', guest)
    c.header('X-Request-Id', requestId)
    const started = performance.now()
    await next()
    const ms = Math.round((performance.now() - started) * 10) / 10
    const entry = { method: c.req.method, path: c.req.path, status: c.res.status, ms }
    if (c.res.status >= 500) log.error(entry, 'request failed')
    else if (c.req.path.startsWith('/api/')) log.info(entry, 'request')
    else log.debug(entry, 'request')
  })

  // JSON and rendered pages compressed on the way out, when large enough (compression.ts).
  app.use('*', compressAnswers())

  app.use(
    '*',
    secureHeaders({
      // The web app sets its own policy for pages; API answers are data and never framed.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  )

  // One limit for every body, except the upload routes a module names with a larger one of their own.
  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(
          errorBody(
            c as never,
            new AppError('payload_too_large', `request body larger than ${maxSize} bytes`),
          ),
          413,
        ),
    })
  const platformLimit = limitOf(services.config.BODY_LIMIT)
  const ownLimits = new Map<string, ReturnType<typeof limitOf>>(
    modules.flatMap((m) =>
      Object.entries(m.bodyLimits ?? {}).map(([p, bytes]) => [`${apiBase}${p}`, limitOf(bytes)] as const),
    ),
  )
  const prefixLimits = [...ownLimits]
    .filter(([p]) => p.endsWith('/*'))
    .map(([p, mw]) => [p.slice(0, -1), mw] as const)
  const limitFor = (path: string) =>
    ownLimits.get(path) ?? prefixLimits.find(([prefix]) => path.startsWith(prefix))?.[1] ?? platformLimit
  // A GET or HEAD has no body to limit (the fetch Request of one never has one); asking for it
  // would build the full Request object for every read (6 % of the API's time under load).
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitFor(c.req.path)(c, next),
  )

  app.use('/api/*', refuseNulInAddress)

  // Overloaded: 503 with Retry-After at once rather than a queue that ends in timeouts.
  app.use('/api/*', shedLoad(services, [`${apiBase}/health`, `${apiBase}/ready`]))

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.retryAfter) c.header('Retry-After', String(err.retryAfter))
      return c.json(errorBody(c, err), err.status)
    }
    if (isPoolTimeout(err)) {
      // No database connection came free in DB_POOL_WAIT_MS: nothing was done, try again shortly.
      c.get('log').warn({ path: c.req.path }, 'no database connection free: answered 503')
      c.header('Retry-After', '1')
      return c.json(errorBody(c, overloaded()), 503)
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own 4xx: malformed JSON, wrong content type.
      const code =
        err.status === 415
          ? 'unsupported_media_type'
          : err.status === 413
            ? 'payload_too_large'
            : 'bad_request'
      return c.json(errorBody(c, new AppError(code, err.message || 'bad request')), err.status)
    }
    c.get('log').error({ err }, 'unhandled error')
    return c.json(errorBody(c, new AppError('internal', 'internal error')), 500)
  })

  for (const module of modules) for (const mw of module.middleware ?? []) app.use('/api/*', mw)

  app.route(apiBase, healthRoutes(services))
  for (const module of modules) {
    if (!module.routes) continue
    const router = newRouter()
    module.routes(router)
    app.route(apiBase, router)
  }

  app.get(`${apiBase}/openapi.json`, (c) => c.json(openApiDocument(app, modules)))
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  })

  // The reference page loads its script from our own origin: no CDN needed, works offline.
  const scalarScript = fileURLToPath(
    new URL('./browser/standalone.js', import.meta.resolve('@scalar/api-reference')),
  )
  app.get('/api/docs/scalar.js', async (c) => {
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(await readFile(scalarScript), 200, { 'Content-Type': 'text/javascript; charset=utf-8' })
  })
  app.get(
    '/api/docs',
    Scalar({
      url: `${apiBase}/openapi.json`,
      pageTitle: 'Cardpay API reference',
      cdn: '/api/docs/scalar.js',
      // Nothing on this page may call out to third-party services.
      agent: { disabled: true },
      mcp: { disabled: true },
      telemetry: false,
      showDeveloperTools: 'never',
      hideClientButton: true,
    }),
  )

  for (const module of modules) module.rootRoutes?.(app)

  extra?.(app)

  app.all('/api/*', (c) =>
    c.json(errorBody(c, new AppError('not_found', `no route ${c.req.method} ${c.req.path}`)), 404),
  )
  if (web) app.all('*', (c) => web(c.req.raw))
  app.notFound((c) =>
    c.json(errorBody(c, new AppError('not_found', `no route ${c.req.method} ${c.req.path}`)), 404),
  )
  return app
}
