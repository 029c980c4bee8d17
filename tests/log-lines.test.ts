import { describe, expect, it } from 'vitest'
import { createLogger } from '../modules/platform/logger.ts'
import { logFormat, prettyLogLine } from '../scripts/lib/log-lines.ts'

/** What pino writes for `log.info(fields, msg)`, captured from the real logger. */
function pinoLine(
  name: string,
  fields: Record<string, unknown>,
  msg: string,
  level: 'info' | 'error' = 'info',
) {
  const lines: string[] = []
  const write = process.stdout.write
  process.stdout.write = ((chunk: string) => {
    lines.push(String(chunk))
    return true
  }) as typeof process.stdout.write
  try {
    const log = createLogger({ name })
    log[level](fields, msg)
    log.flush()
  } finally {
    process.stdout.write = write
  }
  return lines.join('').trim()
}

describe("the launcher's log lines (issue 12 item 13)", () => {
  it('are readable in development and JSON in production', () => {
    expect(logFormat({ NODE_ENV: 'production' })).toBe('json')
    expect(logFormat({ NODE_ENV: 'development' })).toBe('pretty')
    expect(logFormat({})).toBe('pretty')
  })

  it("show a worker's line as time, process, level, message and key=value fields, no JSON", () => {
    const line = pinoLine(
      'worker',
      {
        component: 'worker',
        job: 'credit.sweep-reminders@v1',
        job_id: 'repeat:1',
        attempt: 1,
        note: 'two words',
      },
      'job done',
    )
    expect(line.startsWith('{')).toBe(true)
    const shown = prettyLogLine(line, 'worker', false)
    expect(shown).toMatch(
      /^\d\d:\d\d:\d\d worker INFO {2}job done job=credit\.sweep-reminders@v1 job_id=repeat:1 attempt=1 note="two words"$/,
    )
    expect(shown).not.toContain('{')
    expect(shown).not.toContain('component=')
  })

  it("show an error's message on the line and its stack below it", () => {
    const line = pinoLine('api', { err: new Error('database gone') }, 'request failed', 'error')
    const shown = prettyLogLine(line, 'api', false)
    expect(shown).toMatch(
      / api {4}ERROR request failed err="database gone"\n {4}Error: database gone\n {8}at /,
    )
  })

  it('leave other output as it is, after the tag', () => {
    expect(prettyLogLine('Listening on 3000', 'api', false)).toBe('api    Listening on 3000')
    expect(prettyLogLine('{not json', 'api', false)).toBe('api    {not json')
  })

  it('colour only on a terminal', () => {
    const line = pinoLine('api', {}, 'ready')
    expect(prettyLogLine(line, 'api', false)).not.toContain('\u001b[')
    expect(prettyLogLine(line, 'api', true)).toContain('\u001b[')
  })
})
