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
 * embedded ones started here. Ends with one line `tests: N passed, N failed`; before it, when a
 * step failed, `Failed steps: …` and the last 60 lines of each failed step's output again (CI shows
 * only the tail of the whole run); for the browser tests, each failed test's title and error from
 * Playwright's JSON report instead (scripts/lib/playwright-failures.ts).
 *
 *   npm test                 everything
 *   npm test -- --only unit  one step: lint (with deps), deps, types, dbtypes, unit, chaos, browser, weight
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { type PlaywrightReport, playwrightFailures } from './lib/playwright-failures.ts'
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
/**
 * Steps that failed, each with the last lines it printed (shown again at the end), or instead a
 * summary of what failed when the step's report gives one (the browser tests').
 */
const failures: { label: string; tail: string[]; summary?: string[] }[] = []

/** Lines of a step's output kept to show again at the end when it fails. */
const tailLines = 60

/**
 * The last `max` lines of a step's output, stdout and stderr together in the order their lines came.
 * A carriage return overwrites its line, as on a terminal, so a progress bar leaves one line.
 */
function lineTail(max: number) {
  const lines: string[] = []
  const keep = (line: string) => {
    const whole = line.replace(/\r$/, '')
    const shown = whole.slice(whole.lastIndexOf('\r') + 1)
    lines.push(shown.length > 2000 ? `${shown.slice(0, 2000)} …` : shown)
    if (lines.length > max) lines.shift()
  }
  const flushes: (() => void)[] = []
  return {
    /** One stream's lines (its own decoder and partial line, so streams do not mix mid-line). */
    stream() {
      const decoder = new StringDecoder('utf8')
      let partial = ''
      const add = (text: string) => {
        const parts = (partial + text).split('\n')
        partial = parts.pop() ?? ''
        for (const line of parts) keep(line)
      }
      flushes.push(() => {
        add(decoder.end())
        if (partial) keep(partial)
        partial = ''
      })
      return (chunk: Buffer) => add(decoder.write(chunk))
    },
    lines(): string[] {
      for (const flush of flushes.splice(0)) flush()
      return lines
    },
    note: keep,
  }
}

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  console.log(`\n━━ ${label}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  // The step's output goes on to this one's as it comes, and its last lines are kept: CI shows only
  // the tail of the whole run, where a failed step's own output is long gone (after the browser
  // tests), so the end repeats the tail of each failed step. Piped rather than inherited, so the
  // colours a terminal would get are asked for explicitly.
  const colour =
    process.stdout.isTTY && process.env.FORCE_COLOR === undefined && process.env.NO_COLOR === undefined
      ? { FORCE_COLOR: '1' }
      : {}
  const tail = lineTail(tailLines)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...colour, ...env },
    })
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      const add = tail.stream()
      from.on('data', (chunk: Buffer) => {
        to.write(chunk)
        add(chunk)
      })
    }
    let done = false
    const finish = (ok: boolean, how: string) => {
      if (done) return
      done = true
      console.log(
        `━━ ${label}: ${ok ? 'ok' : `FAILED (${how})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )
      if (!ok) failures.push({ label, tail: tail.lines() })
      resolve(ok)
    }
    child.on('error', (err) => {
      tail.note(`${label}: ${cmd} could not be started: ${err.message}`)
      finish(false, err.message)
    })
    // 'close', not 'exit': after the last of its output has been passed on.
    child.on('close', (code, signal) => finish(code === 0, signal ? `killed by ${signal}` : `exit ${code}`))
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
      const r = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport & {
        stats: { expected: number; unexpected: number; flaky: number }
      }
      passed += r.stats.expected + r.stats.flaky
      failed += r.stats.unexpected
      // The list reporter's last lines are the failed tests' attachment paths: the end shows each
      // failed test's title and error from the report instead.
      const summary = playwrightFailures(r, root)
      const failure = failures.find((f) => f.label === 'browser tests')
      if (failure && summary.length) failure.summary = summary
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
  const message = err instanceof Error ? err.message : String(err)
  console.error(message)
  failed++
  failures.push({ label: 'set-up', tail: message.split('\n').slice(-tailLines) })
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {})
}

if (failures.length) {
  console.log(`\nFailed steps: ${failures.map((f) => f.label).join(', ')}`)
  // Each failed step's own last lines again, here at the end where CI's tail shows them.
  for (const f of failures) {
    if (f.summary) {
      console.log(`\n━━━━ what failed in the step "${f.label}" (its whole output is above) ━━━━`)
      for (const line of f.summary) console.log(line)
    } else {
      console.log(`\n━━━━ last ${f.tail.length} lines of the failed step "${f.label}" ━━━━`)
      for (const line of f.tail) console.log(line)
    }
    console.log(`━━━━ end of "${f.label}" ━━━━`)
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(failed > 0 || failures.length > 0 ? 1 : 0)
