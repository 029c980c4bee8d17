import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { modules as platformModules } from '../../modules/index.ts'
import { type Config, loadConfig } from '../../modules/platform/config.ts'
import type { ModuleDefinition, Services } from '../../modules/platform/module.ts'
import { closeServices, createServices } from '../../modules/platform/services.ts'
import { wireModules } from '../../modules/platform/wiring.ts'
import { newApp } from '../../services/api/app.ts'

export interface Harness {
  request<Res = unknown>(method: string, path: string, init?: RequestOptions): Promise<TestResponse<Res>>
  get<Res = unknown>(path: string, init?: RequestOptions): Promise<TestResponse<Res>>
  post<Req = unknown, Res = unknown>(
    path: string,
    body?: Req,
    init?: RequestOptions,
  ): Promise<TestResponse<Res>>
  put<Req = unknown, Res = unknown>(
    path: string,
    body?: Req,
    init?: RequestOptions,
  ): Promise<TestResponse<Res>>
  patch<Req = unknown, Res = unknown>(
    path: string,
    body?: Req,
    init?: RequestOptions,
  ): Promise<TestResponse<Res>>
  delete<Res = unknown>(path: string, init?: RequestOptions): Promise<TestResponse<Res>>
}

export interface RequestOptions {
  headers?: Record<string, string>
  token?: string
  /** Raw body (sent as is, no JSON encoding). */
  raw?: BodyInit
}

export interface TestResponse<T> {
  status: number
  headers: Headers
  body: T
}

export interface TestContext {
  config: Config
  services: Services
  databaseUrl: string
  h: Harness
  app: ReturnType<typeof newApp>
  close(): Promise<void>
}

/**
 * A fresh, migrated database (cloned from the template the global set-up built) and a Redis key
 * prefix of this test file's own, the real app over them, and a small request harness.
 * Call in `beforeAll` and `close()` in `afterAll`.
 */
export async function createTestContext(
  opts: { modules?: readonly ModuleDefinition[]; env?: Record<string, string> } = {},
): Promise<TestContext> {
  // The wiring the processes resolve at start-up (throws when a needed piece is missing).
  const modules = opts.modules ?? platformModules
  wireModules(modules)
  const id = randomBytes(5).toString('hex')
  const dbName = `cardpay_t_${id}`
  const server = inject('pgServerUrl')
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${dbName} template ${inject('templateDb')}`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${dbName}`

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: url.toString(),
    REDIS_URL: inject('redisUrl'),
    REDIS_PREFIX: `t_${id}`,
    SMTP_URL: 'smtp://127.0.0.1:1',
    DATA_DIR: `.data/test/${id}`,
    OUTBOX_SWEEP_MS: '500',
    ...opts.env,
  })
  // Back-pressure's pool wait only where a test asks for it: the in-process workers share this pool.
  const services = createServices(config, 'test', { servesRequests: opts.env?.DB_POOL_WAIT_MS !== undefined })
  const app = newApp({ services, modules })

  const request = async <T>(method: string, path: string, init: RequestOptions & { json?: unknown } = {}) => {
    const headers: Record<string, string> = { ...init.headers }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    let body: BodyInit | undefined = init.raw
    if (init.json !== undefined) {
      body = JSON.stringify(init.json)
      headers['content-type'] ??= 'application/json'
    }
    const res = await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) })
    const text = await res.text()
    let parsed: unknown = text
    if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text)
    return { status: res.status, headers: res.headers, body: parsed as T }
  }

  const h: Harness = {
    request: (method, path, init) => request(method, path, init),
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, json: body }),
    put: (path, body, init) => request('PUT', path, { ...init, json: body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, json: body }),
    delete: (path, init) => request('DELETE', path, init),
  }

  return {
    config,
    services,
    databaseUrl: url.toString(),
    h,
    app,
    async close() {
      const keys = await services.redis.keys(`t_${id}:*`)
      if (keys.length) await services.redis.del(...keys)
      await closeServices(services)
      const a = new pg.Client({ connectionString: server })
      await a.connect()
      await a.query(`drop database if exists ${dbName} with (force)`)
      await a.end()
    },
  }
}
