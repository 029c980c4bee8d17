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

  it("show a worker's line as process, time, level, message and its fields on one line", () => {
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
      /^worker \[\d\d:\d\d:\d\d\] INFO: job done \{"job":"credit\.sweep-reminders@v1","job_id":"repeat:1","attempt":1,"note":"two words"\}$/,
    )
    expect(shown).not.toContain('"level"')
    expect(shown).not.toContain('component')
  })

  it("show an error's message and its stack below the line", () => {
    const line = pinoLine('api', { err: new Error('database gone') }, 'request failed', 'error')
    const shown = prettyLogLine(line, 'api', false)
    expect(shown).toMatch(/^api {4}\[\d\d:\d\d:\d\d\] ERROR: request failed/)
    expect(shown).toMatch(/"message": "database gone"/)
    expect(shown).toMatch(/\n\s+Error: database gone\n\s+at /)
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
