/**
 * Brings the whole platform up on one machine: PostgreSQL, Redis and a mail capture (found or
 * started, see scripts/lib/services.ts), migrations, the web build, the API and the worker; then
 * prints the URLs. Ctrl-C (or SIGTERM) stops every child and exits; a child that dies stops
 * everything and exits non-zero with its last output.
 *
 *   node scripts/launch.ts            the API serves the built web app and the API on PORT
 *   node scripts/launch.ts --watch    API and worker under node --watch, vite dev on PORT with
 *                                     the API on PORT+1 behind its proxy
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { styleText } from 'node:util'
import { type Config, ConfigError, loadConfig } from '../modules/platform/config.ts'
import { createDb } from '../modules/platform/db.ts'
import { migrateToLatest } from '../modules/platform/migrate.ts'
import { logFormat, prettyLogLine } from './lib/log-lines.ts'
import { type Child, canConnect, killAllChildrenNow, sleep, startChild } from './lib/process.ts'
import {
  ensureMailCapture,
  ensurePostgres,
  ensureRedis,
  type MailCaptureHandle,
  type PostgresHandle,
  type ServiceHandle,
} from './lib/services.ts'
import { demoPassword, demoUsers, seedDemoUsers } from './seed-demo.ts'
import { seedDemoPosts } from './seed-demo-posts.ts'
import { seedDemoPrograms } from './seed-demo-programs.ts'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
const watch = process.argv.includes('--watch')
const require = createRequire(import.meta.url)

const say = (message: string) => process.stdout.write(`${styleText('cyan', '›')} ${message}\n`)
const warn = (message: string) => process.stderr.write(`${styleText('yellow', '!')} ${message}\n`)

/** An error's message with its cause: fetch's "fetch failed" alone does not say which address refused. */
function reason(err: unknown): string {
  const e = err as Error & { cause?: { message?: string; code?: string } }
  const cause = e.cause?.message ?? e.cause?.code
  return cause ? `${e.message} (${cause})` : e.message
}
const fail = (message: string) => process.stderr.write(`${styleText('red', '✖')} ${message}\n`)

// ---------------------------------------------------------------------------------------------
// Shutdown: one path for Ctrl-C, SIGTERM, a failed start and a child that died.

const services: { stop(): Promise<void> }[] = []
const children: Child[] = []
/** Settles when every backing service has started or failed: shutdown waits for it. */
let servicesStarting: Promise<unknown> = Promise.resolve()
let stopping = false
let firstSignalAt = 0
let shutdownTimeoutMs = 10_000

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    say('Stopping…')
    // The application first (it finishes its requests and jobs), then what it depends on.
    await Promise.all(children.map((c) => c.stop('SIGTERM', shutdownTimeoutMs + 5000)))
    await servicesStarting
    await Promise.allSettled(services.map((s) => s.stop()))
    say(code === 0 ? 'Stopped.' : 'Stopped after a failure.')
  }
  process.exit(code)
}

function onSignal(signal: NodeJS.Signals) {
  const now = Date.now()
  if (stopping || firstSignalAt) {
    // npm forwards the terminal's SIGINT too: only a later, separate Ctrl-C forces the exit.
    if (now - firstSignalAt > 1500) {
      warn('Forced exit: killing every child now.')
      killAllChildrenNow()
      process.exit(130)
    }
    return
  }
  firstSignalAt = now
  process.stdout.write('\n')
  say(`${signal} received`)
  void shutdown(0)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal)

// Run by npm, the launcher belongs to it: npm forwards SIGTERM to its shell, which dies without
// passing it on. When the parent is gone (re-parented), stop as if signalled.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent && !stopping) {
      firstSignalAt = Date.now()
      say('The parent process (npm) exited')
      void shutdown(0)
    }
  }, 500).unref()
}

function childDied(name: string, lastOutput: string, info?: { code: number | null; signal: string | null }) {
  if (stopping) return
  const how = info
    ? info.signal
      ? `was killed by ${info.signal}`
      : `exited with code ${info.code}`
    : 'exited'
  fail(`${name} ${how}; stopping everything. Its last output:`)
  process.stderr.write(`${lastOutput.replace(/^/gm, '    ')}\n`)
  void shutdown(1)
}

// ---------------------------------------------------------------------------------------------
// Children's logs: readable lines in development, JSON lines unchanged in production
// (scripts/lib/log-lines.ts).

const format = logFormat(process.env)

/** LOG_FILE: also append every child's raw output lines to this file (the tests scan it for card data). */
const logFile = process.env.LOG_FILE ? path.resolve(process.env.LOG_FILE) : undefined
if (logFile) mkdirSync(path.dirname(logFile), { recursive: true })

function printer(tag: string) {
  return (line: string, stream: 'stdout' | 'stderr') => {
    if (!line.trim()) return
    if (logFile) appendFileSync(logFile, `${line}\n`)
    const out = stream === 'stdout' ? process.stdout : process.stderr
    out.write(`${format === 'json' ? line : prettyLogLine(line, tag, out.isTTY === true)}\n`)
  }
}

function node(name: string, script: string, env: NodeJS.ProcessEnv): void {
  if (stopping) return
  const args = watch ? ['--watch', '--watch-preserve-output', script] : [script]
  const child = startChild({ name, command: process.execPath, args, env, onLine: printer(name) })
  children.push(child)
  void child.exited.then((info) => childDied(name, child.lastOutput(), info))
}

// ---------------------------------------------------------------------------------------------
// The web app

const viteBin = () => path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js')
const webConfig = 'web/vite.config.ts'
const webOutputs = ['web/dist', 'web/.output']
const webSources = ['web', 'lingui.config.ts', 'package-lock.json']
const skipDirs = new Set(['node_modules', 'dist', '.output', '.tanstack', '.nitro', '.vite'])

/** Newest modification time under `p` (files only), skipping build outputs. */
function newest(p: string, skip = skipDirs): number {
  let stat: ReturnType<typeof statSync>
  try {
    stat = statSync(p)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let max = 0
  for (const entry of readdirSync(p)) {
    if (skip.has(entry)) continue
    max = Math.max(max, newest(path.join(p, entry), skip))
  }
  return max
}

async function buildWebIfStale(): Promise<void> {
  const output = webOutputs.find((p) => existsSync(p))
  const builtAt = output ? newest(output, new Set()) : 0
  const changedAt = Math.max(...webSources.map((p) => newest(p)))
  if (output && builtAt >= changedAt) {
    say(`Web app: the build in ${output} is up to date`)
    return
  }
  if (stopping) return
  say(
    output
      ? 'Web app: sources changed since the last build; building (vite build)…'
      : 'Web app: building (vite build)…',
  )
  const env = { ...process.env }
  delete env.NODE_ENV // vite build sets production itself
  const child = startChild({
    name: 'web build',
    command: process.execPath,
    args: [viteBin(), 'build', '--config', webConfig, '--logLevel', 'warn'],
    env,
    onLine: printer('web'),
    keepLines: 40,
  })
  children.push(child)
  const started = Date.now()
  const info = await child.exited
  children.splice(children.indexOf(child), 1)
  if (stopping) return
  if (info.code === 0) say(`Web app: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (info.code !== 0) {
    fail(`The web build failed (${info.signal ?? `code ${info.code}`}). Its last output:`)
    process.stderr.write(`${child.lastOutput().replace(/^/gm, '    ')}\n`)
    await shutdown(1)
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up

async function waitForHttp(
  url: string,
  ok: (status: number) => boolean,
  timeoutMs: number,
): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until && !stopping) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await res.body?.cancel()
      if (ok(res.status)) return true
    } catch {
      // not listening yet
    }
    await sleep(300)
  }
  return false
}

/** Vite listening, then one first page rendered (its dependency optimizer runs on the first request). */
async function waitForVite(port: number): Promise<boolean> {
  const until = Date.now() + 120_000
  while (!(await canConnect('127.0.0.1', port, 500))) {
    if (stopping || Date.now() > until) return false
    await sleep(300)
  }
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(120_000) })
    await res.body?.cancel()
  } catch {
    // a slow first render is no reason to stop: the server is up
  }
  return true
}

function printUrls(config: Config, mail: MailCaptureHandle, demo: boolean) {
  const port = config.PORT
  const base = config.PUBLIC_URL
  const host = (list: string[], fallback: string) => list[0] ?? fallback
  const rows: [string, string][] = [
    ['Admin portal', `http://${host(config.ADMIN_HOST, 'admin.localhost')}:${port}`],
    ['Programs portal', `http://${host(config.PROGRAMS_HOST, 'programs.localhost')}:${port}`],
    ['Acceptor portal', `http://${host(config.ACCEPTOR_HOST, 'acceptor.localhost')}:${port}`],
    ['Card holder portal', `http://${host(config.CARDHOLDER_HOST, 'localhost')}:${port}`],
    [
      'Mailbox',
      mail.mailboxUrl ?? `(SMTP_URL is set: mail goes to ${mail.smtpUrl.replace(/\/\/.*@/, '//')})`,
    ],
    ['API reference', `${base}/api/docs`],
    // Vite proxies /api only: in watch mode the dashboard is on the API's own port.
    ['Queue dashboard', watch ? `http://localhost:${port + 1}/admin/queues` : `${base}/admin/queues`],
  ]
  const width = Math.max(...rows.map(([k]) => k.length)) + 2
  const lines = rows.map(([k, v]) => `  ${k.padEnd(width)}${styleText('bold', v)}`)
  if (demo) {
    lines.push('', `  Demo users (password ${styleText('bold', demoPassword)}):`)
    for (const u of demoUsers) lines.push(`    ${u.portal.padEnd(width - 2)}${styleText('bold', u.email)}`)
  }
  process.stdout.write(
    `\n${styleText(['green', 'bold'], `  Cardpay is running${watch ? ' in watch mode' : ''}.`)}\n\n${lines.join('\n')}\n\n` +
      `${styleText('dim', `  Data in ${config.DATA_DIR} · Ctrl-C stops everything`)}\n\n`,
  )
}

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      fail(err.message)
      process.exit(78)
    }
    throw err
  }
  shutdownTimeoutMs = config.SHUTDOWN_TIMEOUT_MS
  const port = config.PORT
  const apiPort = watch ? port + 1 : port
  for (const p of new Set([port, apiPort])) {
    if (await canConnect('127.0.0.1', p, 500)) {
      fail(
        `Port ${p} is already in use. Stop what runs there, or start with another port: PORT=4000 npm start`,
      )
      process.exit(1)
    }
  }

  const dataDir = config.DATA_DIR
  const options = { dataDir, prefer: 'embedded' as const, log: say, onUnexpectedExit: childDied }
  const track = <T extends { stop(): Promise<void> }>(p: Promise<T>) =>
    p.then((handle) => {
      services.push(handle)
      return handle
    })
  const starting = Promise.allSettled([
    track(ensurePostgres(options)),
    track(ensureRedis(options)),
    track(ensureMailCapture(options)),
  ])
  servicesStarting = starting
  const results = await starting
  if (stopping) return
  const failed = results.find((r) => r.status === 'rejected')
  if (failed) {
    fail(failed.reason instanceof Error ? failed.reason.message : String(failed.reason))
    await shutdown(1)
  }
  const [pgh, redis, mail] = results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
    PostgresHandle,
    ServiceHandle,
    MailCaptureHandle,
  ]
  const via = (s: { source: string }) => (s.source === 'env' ? ' (from the environment)' : '')
  say(`PostgreSQL ready${via(pgh)}, Redis ready${via(redis)}, mail capture ready${via(mail)}`)

  const db = createDb({ url: pgh.url, max: 1, applicationName: 'cardpay-launcher' })
  try {
    const applied = await migrateToLatest(db)
    say(
      applied.length ? `Migrations applied: ${applied.join(', ')}` : 'Migrations: the database is up to date',
    )
  } catch (err) {
    fail((err as Error).message)
    await shutdown(1)
  } finally {
    await db.destroy()
  }
  if (stopping) return
  const development = (process.env.NODE_ENV ?? 'development') === 'development'
  if (development) {
    try {
      const created = await seedDemoUsers(pgh.url)
      if (created.length) say(`Demo users created: ${created.join(', ')}`)
    } catch (err) {
      warn(`demo users not created: ${reason(err)}`)
    }
  }

  const hasWeb = existsSync(webConfig)
  if (!hasWeb) warn(`${webConfig} is missing: starting without the web app`)
  else if (!watch) await buildWebIfStale()
  if (stopping) return

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DATABASE_URL: pgh.url,
    REDIS_URL: redis.url,
    SMTP_URL: mail.smtpUrl,
    ...(mail.mailboxUrl ? { MAILBOX_URL: mail.mailboxUrl } : {}),
    DATA_DIR: dataDir,
    PORT: String(apiPort),
    PUBLIC_URL: config.PUBLIC_URL,
  }
  say(`Starting the API on port ${apiPort} and the worker${watch ? ' (node --watch)' : ''}`)
  node('api', 'services/api/main.ts', env)
  node('worker', 'services/worker/main.ts', env)
  if (watch && hasWeb && !stopping) {
    const vite = startChild({
      name: 'vite',
      command: process.execPath,
      args: [viteBin(), 'dev', '--config', webConfig],
      env: { ...env, WEB_PORT: String(port), API_ORIGIN: `http://127.0.0.1:${apiPort}` },
      onLine: printer('vite'),
    })
    children.push(vite)
    void vite.exited.then((info) => childDied('vite', vite.lastOutput(), info))
  }

  const readyUrl = `http://127.0.0.1:${apiPort}/api/v1/ready`
  let ready = await waitForHttp(readyUrl, (s) => s === 200, 180_000)
  if (ready && watch && hasWeb) ready = await waitForVite(port)
  if (stopping) return
  if (!ready) {
    fail(`${readyUrl} did not answer 200 within 3 minutes; stopping.`)
    await shutdown(1)
  }
  if (development) {
    try {
      const made = await seedDemoPrograms(`http://127.0.0.1:${apiPort}`)
      for (const line of made) say(`Demo data: ${line}`)
    } catch (err) {
      warn(`demo programs not created: ${reason(err)}`)
    }
    try {
      const made = await seedDemoPosts(`http://127.0.0.1:${apiPort}`)
      for (const line of made) say(`Demo data: ${line}`)
    } catch (err) {
      warn(`demo posts not created: ${reason(err)}`)
    }
  }
  printUrls(config, mail, development)
}

main().catch(async (err) => {
  fail(err instanceof Error ? (err.stack ?? err.message) : String(err))
  await shutdown(1)
})
