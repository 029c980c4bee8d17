import path from 'node:path'

/**
 * The failed tests of a Playwright JSON report (`--reporter=json`), as the lines `npm test` shows
 * again at its end: each test's project, file, line and title path, then its errors (message,
 * expected and received, call log, where) without the code snippet and stack. The list reporter's
 * output ends with attachment paths (screenshots, traces), so its last lines alone lose the
 * assertion; this keeps it.
 */

interface ReportError {
  message?: string
  location?: { file: string; line: number; column: number }
}
interface ReportResult {
  status: string
  retry: number
  errors?: ReportError[]
  error?: ReportError
}
interface ReportTest {
  projectName: string
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped'
  results: ReportResult[]
}
interface ReportSpec {
  title: string
  file: string
  line: number
  column: number
  tests: ReportTest[]
}
interface ReportSuite {
  title: string
  file: string
  specs?: ReportSpec[]
  suites?: ReportSuite[]
}
export interface PlaywrightReport {
  config?: { rootDir?: string }
  suites?: ReportSuite[]
  errors?: ReportError[]
}

/** Lines of one error kept at most: the assertion and its call log, not a page of it. */
const maxErrorLines = 25

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC
const ansi = /\u001b\[[0-9;]*m/g

/**
 * One error's message, plain: no colours, no code snippet (`> 5 | …`, `  | ^`), no stack but its
 * first frame, paths relative to `root`.
 */
function errorLines(error: ReportError, root: string): string[] {
  const text = (error.message ?? 'unknown error').replace(ansi, '').replaceAll(`${root}${path.sep}`, '')
  const lines: string[] = []
  let frames = 0
  for (const line of text.split('\n')) {
    if (/^\s*>?\s*\d+ \|/.test(line) || /^\s+\|/.test(line)) continue
    if (/^\s+at /.test(line) && frames++ > 0) continue
    if (line.trim() === '' && (lines.length === 0 || lines.at(-1) === '')) continue
    lines.push(line.trimEnd())
  }
  while (lines.at(-1) === '') lines.pop()
  // The first frame (where it failed) right under the message, not after a blank line.
  const at = lines.findIndex((l) => /^\s+at /.test(l))
  if (at > 0 && lines[at - 1] === '') lines.splice(at - 1, 1)
  if (!lines.some((l) => /^\s+at /.test(l)) && error.location) {
    const where = path.relative(root, error.location.file)
    lines.push(`    at ${where}:${error.location.line}:${error.location.column}`)
  }
  return lines.length > maxErrorLines
    ? [...lines.slice(0, maxErrorLines), `… ${lines.length - maxErrorLines} more lines`]
    : lines
}

/**
 * The report's failed tests (by file and line) and its errors outside tests (a web server that did
 * not start, a file that did not load), numbered like the list reporter's failure blocks.
 */
export function playwrightFailures(report: PlaywrightReport, root: string): string[] {
  const testDir = report.config?.rootDir ?? root
  const failed: { file: string; line: number; head: string; errors: ReportError[] }[] = []
  const walk = (suite: ReportSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue
        const last = test.results.at(-1)
        const file = path.relative(root, path.join(testDir, spec.file))
        const title = [...titles, spec.title].join(' › ')
        const tries = test.results.length > 1 ? ` (${test.results.length} tries)` : ''
        failed.push({
          file,
          line: spec.line,
          head: `[${test.projectName}] › ${file}:${spec.line}:${spec.column} › ${title} — ${last?.status ?? 'failed'}${tries}`,
          errors: last?.errors?.length ? last.errors : last?.error ? [last.error] : [],
        })
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
  }
  // The top suites are files (their title is the file name), not part of a test's title.
  for (const file of report.suites ?? []) walk(file, [])
  failed.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
  const blocks = [
    ...failed,
    ...(report.errors ?? []).map((e) => ({ head: 'error outside any test', errors: [e] })),
  ]
  return blocks.flatMap((b, i) => [
    ...(i > 0 ? [''] : []),
    `${i + 1}) ${b.head}`,
    ...b.errors.flatMap((e) => errorLines(e, root)).map((line) => `    ${line}`.trimEnd()),
  ])
}
