/**
 * Lighthouse (mobile preset, simulated throttling) on a running platform, several runs per page,
 * with the median and what each run found: performance score, FCP, LCP, TBT, CLS, the LCP element
 * with its phases, and the longest main-thread tasks. Lighthouse is not a dependency of the
 * project: install it in a scratch folder and point this script at it (README, "Weight").
 *
 *   mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm install lighthouse
 *   node scripts/lighthouse.ts [--runs 5] [--lighthouse /tmp/lh] URL…
 *
 * Chromium is `CHROME_PATH` (default /usr/bin/chromium), headless without sandbox. The load
 * average of the machine is printed with each run: other work on the cores makes the simulated
 * throttling count longer tasks. Without Lighthouse installed it says so and exits 0.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    lighthouse: { type: 'string', default: process.env.LIGHTHOUSE_DIR ?? '/tmp/lh' },
  },
})
const cli = path.join(values.lighthouse, 'node_modules', 'lighthouse', 'cli', 'index.js')
if (!existsSync(cli)) {
  console.log(
    `Lighthouse is not installed in ${values.lighthouse} (see the comment at the top): nothing measured.`,
  )
  process.exit(0)
}
if (positionals.length === 0) {
  console.error('Name at least one address, e.g. http://localhost:3000/')
  process.exit(2)
}

interface Audit {
  numericValue?: number
  // biome-ignore lint/suspicious/noExplicitAny: Lighthouse's audit details are a union of many shapes.
  details?: any
}
interface Report {
  categories: { performance: { score: number } }
  audits: Record<string, Audit>
}
interface Run {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  load: string
  element: string
  phases: string
  tasks: string
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is made again, twice at most. */
function measure(url: string, attempts = 3): Run {
  try {
    return measureOnce(url)
  } catch (err) {
    if (attempts <= 1) throw err
    console.log('    (Lighthouse failed; once more)')
    return measure(url, attempts - 1)
  }
}

function measureOnce(url: string): Run {
  const dir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'))
  const out = path.join(dir, 'report.json')
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')
  try {
    execFileSync(
      process.execPath,
      [
        cli,
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--chrome-flags=--headless=new --no-sandbox',
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: 'inherit',
      },
    )
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report
    const a = report.audits
    const value = (id: string) => a[id]?.numericValue ?? Number.NaN
    const lcpItems = a['largest-contentful-paint-element']?.details?.items ?? []
    const node = lcpItems[0]?.items?.[0]?.node
    const element = node ? `${node.nodeLabel ?? ''} ${String(node.snippet ?? '').slice(0, 160)}` : '?'
    const phases = (lcpItems[1]?.items ?? [])
      .map((p: { phase: string; timing: number }) => `${p.phase} ${Math.round(p.timing)}`)
      .join(', ')
    const tasks = (a['long-tasks']?.details?.items ?? [])
      .slice(0, 5)
      .map(
        (t: { url: string; duration: number; startTime: number }) =>
          `${Math.round(t.duration)} ms @${Math.round(t.startTime)} ${path.basename(t.url)}`,
      )
      .join('; ')
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      load,
      element,
      phases,
      tasks,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

for (const url of positionals) {
  console.log(`\n${url}`)
  const runs: Run[] = []
  for (let i = 0; i < Number(values.runs); i++) {
    const r = measure(url)
    runs.push(r)
    console.log(
      `  run ${i + 1}: ${r.score}  FCP ${seconds(r.fcp)}  LCP ${seconds(r.lcp)}  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}  (load average ${r.load})`,
    )
    console.log(`    LCP element: ${r.element}`)
    console.log(`    LCP phases (ms): ${r.phases}`)
    if (r.tasks) console.log(`    long tasks: ${r.tasks}`)
  }
  const scores = runs.map((r) => r.score)
  console.log(
    `  median: ${median(scores)} (${Math.min(...scores)}–${Math.max(...scores)})  FCP ${seconds(median(runs.map((r) => r.fcp)))}  LCP ${seconds(median(runs.map((r) => r.lcp)))}  TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms  CLS ${median(runs.map((r) => r.cls)).toFixed(3)}`,
  )
}
