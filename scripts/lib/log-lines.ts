import { prettyFactory } from 'pino-pretty'

/**
 * How the launcher shows its children's log lines. The API and the worker always write JSON lines
 * (pino, modules/platform/logger.ts); in development the launcher turns each into one readable
 * line with pino's own formatter (`pino-pretty`: time, level, message, then the fields; an error's
 * stack below it), after the process's tag; in production (`NODE_ENV=production`) it passes them on
 * unchanged for a log collector. `LOG_FILE` always gets the JSON lines as they came.
 */
export type LogFormat = 'pretty' | 'json'

export const logFormat = (env: NodeJS.ProcessEnv): LogFormat =>
  env.NODE_ENV === 'production' ? 'json' : 'pretty'

const options = {
  translateTime: 'SYS:HH:MM:ss',
  // pino's own fields, and the worker's `component: "worker"`: the tag names the process.
  ignore: 'pid,hostname,name,service,v',
  singleLine: true,
}
const plain = prettyFactory({ ...options, colorize: false })
const coloured = prettyFactory({ ...options, colorize: true })

/**
 * One child's output line as the terminal shows it. `tag` names the process (`api`, `worker`);
 * `colour` false for plain text (output not on a terminal). A line that is not pino's JSON is shown
 * as it is, after the tag.
 */
export function prettyLogLine(line: string, tag: string, colour: boolean): string {
  let entry = line
  if (line.startsWith('{')) {
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>
      if (parsed.component === tag) delete parsed.component
      entry = JSON.stringify(parsed)
    } catch {
      // not JSON after all: shown as it is
    }
  }
  return `${tag.padEnd(6)} ${(colour ? coloured : plain)(entry).replace(/\n$/, '')}`
}
