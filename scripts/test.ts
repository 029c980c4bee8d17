/**
 * The one test command (`npm test`, also run by `.ci/run`): lint and format check, module
 * boundaries (dependency-cruiser, .dependency-cruiser.mjs), type check, the web's API types in step
 * with the OpenAPI document, database types in step with the migrations, unit and integration tests
 * (Vitest, against real PostgreSQL and Redis), the short fault run (scripts/chaos.ts --short), then
 * browser tests (Playwright with Debian's Chromium).
 *
 * After the browser tests, their platform's database and log file are scanned for card numbers
 * and CVCs (scripts/scan-card-data.ts).
 *
 * Last, the web build's weight: the JavaScript each representative page loads first, against its
 * budget (scripts/web-weight.ts, from the build the browser tests made, or a build of its own).
 *
 * PostgreSQL and Redis: DATABASE_URL/REDIS_URL when set, else the local default ports, else
 * embedded ones started here. Ends with one line `tests: N passed, N failed`.
 *
 *   npm test                 everything
 *   npm test -- --only unit  one step: lint (with deps), deps, types, dbtypes, unit, chaos, browser, weight
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { freePort } from './lib/process.ts'
import { ensurePostgres, ensureRedis } from './lib/services.ts'

const { values } = parseArgs({ options: { only: { type: 'string', multiple: true } } })
const only = new Set(values.only ?? [])
const want = (step: string) => only.size === 0 || only.has(step)

const root = path.resolve(import.meta.dirname, '..')
const reports = path.join(root, '.data', 'test-reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

let passed = 0
let failed = 0
const failures: string[] = []

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  console.log(`\n━━ ${label}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code) => {
      const ok = code === 0
      console.log(
        `━━ ${label}: ${ok ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )
      if (!ok) failures.push(label)
      resolve(ok)
    })
  })
}

/** Counts a whole step as one test when it has no finer report (lint, type check). */
function countStep(ok: boolean) {
  if (ok) passed++
  else failed++
}

function ensureChromium(): void {
  if (existsSync('/usr/bin/chromium')) return
  const install = 'apt-get update && apt-get install -y chromium'
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Browser tests need Debian's Chromium at /usr/bin/chromium. Install it with:\n  sudo ${install}`,
    )
  }
  console.log(`Installing Chromium for the browser tests: ${install}`)
  execFileSync('bash', ['-c', `DEBIAN_FRONTEND=noninteractive ${install}`], { stdio: 'inherit' })
}

const stops: (() => Promise<void>)[] = []
try {
  if (want('lint')) countStep(await run('lint', 'biome', ['check', '.']))
  if (want('lint') || want('deps')) {
    // No import cycle between modules, no module's internals from outside it, the web app only
    // the declared shared files of modules/.
    countStep(
      await run('module boundaries', 'depcruise', [
        '--config',
        '.dependency-cruiser.mjs',
        ...['modules', 'services', 'workers', 'tests', 'scripts', 'migrations', 'web/src'],
      ]),
    )
  }
  if (want('types')) {
    countStep(await run('types (server)', 'tsc', ['--noEmit', '-p', 'tsconfig.json']))
    countStep(await run('types (web)', 'tsc', ['--noEmit', '-p', 'web/tsconfig.json']))
    // The web's API types (web/src/lib/api-types.gen.ts) say what the OpenAPI document says.
    countStep(await run('API types match the OpenAPI document', 'node', ['scripts/openapi.ts', '--verify']))
  }

  const needServices = want('dbtypes') || want('unit') || want('chaos') || want('browser')
  const env: NodeJS.ProcessEnv = {}
  if (needServices) {
    const dataDir = path.join(root, '.data', 'test')
    const log = (m: string) => console.log(`   ${m}`)
    const postgres = await ensurePostgres({ dataDir, prefer: 'local', log })
    stops.push(postgres.stop)
    const redis = await ensureRedis({ dataDir, prefer: 'local', log })
    stops.push(redis.stop)
    env.DATABASE_URL = postgres.adminUrl
    env.REDIS_URL = redis.url
    console.log(`\nPostgreSQL: ${postgres.source} · Redis: ${redis.source}`)
  }

  if (want('dbtypes')) {
    countStep(await run('database types match migrations', 'node', ['scripts/db-types.ts', '--verify'], env))
  }

  if (want('unit')) {
    const file = path.join(reports, 'vitest.json')
    const ok = await run(
      'unit and integration tests',
      'vitest',
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
      env,
    )
    const before = failed
    if (existsSync(file)) {
      const r = JSON.parse(readFileSync(file, 'utf8')) as {
        numPassedTests: number
        numFailedTests: number
        numFailedTestSuites: number
      }
      passed += r.numPassedTests
      failed += r.numFailedTests + (r.numFailedTests === 0 ? r.numFailedTestSuites : 0)
    }
    // A runner that failed without a failed test (crash, set-up error) still counts as a failure.
    if (!ok && failed === before) failed++
  }

  if (want('chaos')) {
    // The short fault run (issue 18): three APIs and three workers killed at random under load, then
    // nothing lost or doubled. `npm run chaos` is the long one.
    countStep(await run('fault run (short)', process.execPath, ['scripts/chaos.ts', '--short'], env))
  }

  if (want('browser')) {
    ensureChromium()
    // The browser tests' database (E2E_DATABASE for runs side by side, as in playwright.config.ts).
    const e2eName = process.env.E2E_DATABASE ?? 'cardpay_e2e'
    if (env.DATABASE_URL) {
      // The browser tests' platform gets a fresh database each run (see playwright.config.ts).
      const admin = new pg.Client({ connectionString: env.DATABASE_URL })
      await admin.connect()
      await admin.query(`drop database if exists ${pg.escapeIdentifier(e2eName)} with (force)`)
      await admin.end()
    }
    const e2eLog = path.join(root, '.data', 'e2e', 'platform.log')
    rmSync(e2eLog, { force: true })
    const file = path.join(reports, 'playwright.json')
    // A free port of its own, so a platform already running on this machine does not collide.
    const e2ePort = process.env.E2E_PORT ?? String(await freePort())
    const ok = await run('browser tests', 'playwright', ['test', '--reporter=list,json'], {
      ...env,
      E2E_PORT: e2ePort,
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    })
    const before = failed
    if (existsSync(file)) {
      const r = JSON.parse(readFileSync(file, 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number }
      }
      passed += r.stats.expected + r.stats.flaky
      failed += r.stats.unexpected
    }
    if (!ok && failed === before) failed++
    if (env.DATABASE_URL) {
      // What the browser tests typed must not be anywhere: not in a row, not in a log line.
      const e2eDb = new URL(env.DATABASE_URL)
      e2eDb.pathname = `/${e2eName}`
      countStep(
        await run('card data scan', process.execPath, [
          'scripts/scan-card-data.ts',
          e2eDb.toString(),
          e2eLog,
        ]),
      )
    }
  }

  if (want('weight')) {
    // After the browser tests, whose launcher built the web app when it was stale: measured from
    // that build (--build builds only when there is none or the sources are newer).
    countStep(await run('web weight', process.execPath, ['scripts/web-weight.ts', '--build']))
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  failed++
  failures.push('set-up')
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {})
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(failed > 0 || failures.length > 0 ? 1 : 0)
