import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync, readlinkSync } from 'node:fs'
import net from 'node:net'

/**
 * Child processes that never outlive the launcher. Each child runs in its own process group (so a
 * Ctrl-C in the terminal reaches only the launcher, which then stops the children in order), and
 * on Linux under `setpriv --pdeathsig`, so that even a `kill -9` of the launcher makes the kernel
 * signal them. The last lines of output are kept to explain a child that dies.
 */

export interface ExitInfo {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ChildOptions {
  name: string
  command: string
  args: readonly string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Run as this user (root only): PostgreSQL refuses to run as root. */
  uid?: number
  gid?: number
  /** Signal the kernel sends the child when the launcher dies; the child's own graceful stop signal. */
  parentDeathSignal?: NodeJS.Signals
  /** Signal the whole process group (node --watch and its child, vite and esbuild) instead of the pid. */
  group?: boolean
  /** Called for every line of output. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void
  keepLines?: number
}

export interface Child {
  readonly name: string
  readonly pid: number
  readonly process: ChildProcess
  readonly exited: Promise<ExitInfo>
  /** Whether the child is still running. */
  running(): boolean
  /** Whether `stop()` was asked for (an exit after it is expected, not a failure). */
  stopping(): boolean
  /** The last lines it printed, oldest first. */
  lastOutput(): string
  /** Sends `signal`, waits up to `timeoutMs`, then kills the process group. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitInfo>
}

const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find(
  (p) => process.platform === 'linux' && existsSync(p),
)
const live = new Set<Child>()

export function startChild(options: ChildOptions): Child {
  const { name, command, args, parentDeathSignal = 'SIGTERM', group = true, keepLines = 60 } = options
  const [file, argv] = setpriv
    ? [setpriv, ['--pdeathsig', parentDeathSignal.replace(/^SIG/, ''), '--', command, ...args]]
    : [command, [...args]]
  const proc = spawn(file, argv, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    uid: options.uid,
    gid: options.gid,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let state: 'running' | 'stopping' | 'exited' = 'running'
  const remember = (line: string) => {
    lines.push(line)
    if (lines.length > keepLines) lines.shift()
  }
  for (const stream of ['stdout', 'stderr'] as const) {
    let partial = ''
    proc[stream]?.setEncoding('utf8')
    proc[stream]?.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n')
      partial = parts.pop() ?? ''
      for (const line of parts) {
        remember(line)
        options.onLine?.(line, stream)
      }
    })
    proc[stream]?.on('end', () => {
      if (partial) {
        remember(partial)
        options.onLine?.(partial, stream)
        partial = ''
      }
    })
  }
  const exited = new Promise<ExitInfo>((resolve) => {
    proc.on('error', (err) => {
      remember(`${name}: ${err.message}`)
      state = 'exited'
      live.delete(child)
      resolve({ code: 127, signal: null })
    })
    proc.on('exit', (code, signal) => {
      state = 'exited'
      live.delete(child)
      resolve({ code, signal })
    })
  })
  const signalChild = (signal: NodeJS.Signals, wholeGroup: boolean) => {
    if (!proc.pid) return
    try {
      process.kill(wholeGroup ? -proc.pid : proc.pid, signal)
    } catch {
      // already gone
    }
  }
  const child: Child = {
    name,
    pid: proc.pid ?? -1,
    process: proc,
    exited,
    running: () => state !== 'exited',
    stopping: () => state === 'stopping',
    lastOutput: () => lines.join('\n'),
    async stop(signal = 'SIGTERM', timeoutMs = 10_000) {
      if (state === 'exited') {
        signalChild('SIGKILL', true) // grandchildren a dead parent left behind
        return exited
      }
      state = 'stopping'
      signalChild(signal, group)
      const timer = setTimeout(() => signalChild('SIGKILL', true), timeoutMs)
      const info = await exited
      clearTimeout(timer)
      signalChild('SIGKILL', true)
      return info
    },
  }
  live.add(child)
  return child
}

/** Last resort when the launcher exits abruptly: kill every child group still running. */
export function killAllChildrenNow(): void {
  for (const child of live) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // gone
    }
  }
}
process.on('exit', killAllChildrenNow)

/** A free TCP port on 127.0.0.1: `preferred` when it is free, else one the kernel picks. */
export async function freePort(preferred?: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = net.createServer()
      server.unref()
      server.once('error', () => resolve(undefined))
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
        const address = server.address()
        const got = typeof address === 'object' && address ? address.port : undefined
        server.close(() => resolve(got))
      })
    })
  if (preferred) {
    const got = await tryListen(preferred)
    // Also make sure nothing answers on the wildcard address of that port.
    if (got && !(await canConnect('127.0.0.1', preferred, 300))) return got
  }
  const got = await tryListen(0)
  if (!got) throw new Error('No free TCP port on 127.0.0.1')
  return got
}

export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Facts about a running process from /proc (Linux), or undefined elsewhere or when it is gone. */
export function processInfo(pid: number): { comm: string; cmdline: string; cwd?: string } | undefined {
  try {
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()
    let cwd: string | undefined
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`)
    } catch {
      cwd = undefined
    }
    return { comm, cmdline, cwd }
  } catch {
    return undefined
  }
}

/** Waits until `pid` is gone, up to `timeoutMs`; true when it is. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (!isAlive(pid)) return true
    await sleep(100)
  }
  return !isAlive(pid)
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
