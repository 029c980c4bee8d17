import { styleText } from 'node:util'

/**
 * How the launcher shows its children's log lines. The API and the worker always write JSON lines
 * (pino, modules/platform/logger.ts); in development the launcher turns each into one readable
 * line — time, process, level, message and the fields as `key=value` — and in production
 * (`NODE_ENV=production`) passes them on unchanged for a log collector. `LOG_FILE` always gets
 * the JSON lines as they came.
 */
export type LogFormat = 'pretty' | 'json'

export const logFormat = (env: NodeJS.ProcessEnv): LogFormat =>
  env.NODE_ENV === 'production' ? 'json' : 'pretty'

type Colour = Parameters<typeof styleText>[0]

const levels: Record<number, [string, Colour]> = {
  10: ['TRACE', 'gray'],
  20: ['DEBUG', 'gray'],
  30: ['INFO ', 'green'],
  40: ['WARN ', 'yellow'],
  50: ['ERROR', 'red'],
  60: ['FATAL', 'red'],
}

/** pino's own fields, shown in the line's head or left out (the process is the line's tag). */
const headFields = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'name', 'service', 'v'])

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return JSON.stringify(value)
}

interface SerializedError {
  message?: string
  stack?: string
}

/**
 * One child's output line as the terminal shows it. `tag` names the process (`api`, `worker`);
 * `colour` false for plain text (output not on a terminal). A line that is not pino's JSON is shown
 * as it is, after the tag.
 */
export function prettyLogLine(line: string, tag: string, colour: boolean): string {
  const paint = (style: Colour, text: string) =>
    colour ? styleText(style, text, { validateStream: false }) : text
  const label = paint('dim', tag.padEnd(6))
  let entry: Record<string, unknown> | undefined
  if (line.startsWith('{')) {
    try {
      entry = JSON.parse(line) as Record<string, unknown>
    } catch {
      // not JSON after all
    }
  }
  if (!entry || typeof entry !== 'object') return `${label} ${line}`
  const [level, levelColour] = levels[Number(entry.level)] ?? ['     ', 'white']
  const time =
    typeof entry.time === 'string' ? entry.time.slice(11, 19) : new Date().toTimeString().slice(0, 8)
  const fields: string[] = []
  let stack = ''
  for (const [key, value] of Object.entries(entry)) {
    if (headFields.has(key)) continue
    // The worker's own lines say `component: "worker"`: the tag says it already.
    if (key === 'component' && value === tag) continue
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as SerializedError
      fields.push(`err=${fieldValue(err.message ?? '')}`)
      stack = err.stack ? `\n${err.stack.replace(/^/gm, '    ')}` : ''
      continue
    }
    fields.push(`${key}=${fieldValue(value)}`)
  }
  const rest = fields.length ? ` ${paint('dim', fields.join(' '))}` : ''
  return `${paint('dim', time)} ${label} ${paint(levelColour, level)} ${entry.msg ?? ''}${rest}${stack ? paint('dim', stack) : ''}`
}
