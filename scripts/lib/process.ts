import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
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

/**
 * The TCP sockets of the machine (IPv4 and IPv6, from /proc/net/tcp*): inode → local port, remote
 * port and state. Undefined where there is no /proc (not Linux).
 */
export type TcpSockets = Map<string, { local: number; remote: number; state: string }>

export function tcpSockets(): TcpSockets | undefined {
  const sockets: TcpSockets = new Map()
  let read = false
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    read = true
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
      const f = line.trim().split(/\s+/)
      const [local, remote, state, inode] = [f[1], f[2], f[3], f[9]]
      if (!local || !remote || !state || !inode || inode === '0') continue
      const port = (address: string) => Number.parseInt(address.slice(address.lastIndexOf(':') + 1), 16)
      sockets.set(inode, { local: port(local), remote: port(remote), state })
    }
  }
  return read ? sockets : undefined
}

/** Inodes of the sockets a process holds open (its file descriptors), or undefined when it is gone. */
function socketInodes(pid: number): string[] | undefined {
  let fds: string[]
  try {
    fds = readdirSync(`/proc/${pid}/fd`)
  } catch {
    return undefined
  }
  const inodes: string[] = []
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`)
      const m = /^socket:\[(\d+)\]$/.exec(target)
      if (m?.[1]) inodes.push(m[1])
    } catch {
      // closed meanwhile
    }
  }
  return inodes
}

/**
 * What a process's TCP sockets say about it (Linux): whether it listens on `port` itself (with
 * SO_REUSEPORT each process has a listening socket of its own), and how many connections it has
 * open to `port`. Undefined where /proc cannot tell (not Linux, or the process is gone). `sockets`:
 * one reading of `tcpSockets()` for several processes.
 */
export function tcpOf(
  pid: number,
  port: number,
  sockets = tcpSockets(),
): { listens: boolean; connections: number } | undefined {
  const inodes = sockets && socketInodes(pid)
  if (!sockets || !inodes) return undefined
  let listens = false
  let connections = 0
  for (const inode of inodes) {
    const s = sockets.get(inode)
    if (!s) continue
    // States: 0A LISTEN, 01 ESTABLISHED.
    if (s.state === '0A' && s.local === port) listens = true
    if (s.state === '01' && s.remote === port) connections++
  }
  return { listens, connections }
}
