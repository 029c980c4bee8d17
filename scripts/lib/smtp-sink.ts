/**
 * The firing benchmarks' SMTP capture: accepts every message without parsing it and notes when it
 * accepted it (the moment before its 250). By default it runs in a child process of its own, so
 * that the bench measures the sender and not the capture sharing its event loop (smtp-server's
 * parser took about a sixth of the sending process's CPU); `BENCH_CAPTURE=inline` keeps it in the
 * bench's process, as the rows before 29 November were measured. Run as a script, it is the child.
 */
import { fork } from 'node:child_process'
import { SMTPServer } from 'smtp-server'

export interface SmtpSink {
  port: number
  /** When each message was accepted (ms since the epoch), in the order they were. */
  accepted(): number[]
  close(): Promise<void>
}

function listen(onAccepted: (at: number) => void): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('data', () => {})
      stream.on('end', () => {
        onAccepted(Date.now())
        done()
      })
    },
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const portOf = (server: SMTPServer) => (server.server.address() as { port: number }).port

export async function startSmtpSink(
  mode: 'child' | 'inline' = process.env.BENCH_CAPTURE === 'inline' ? 'inline' : 'child',
): Promise<SmtpSink> {
  const accepted: number[] = []
  if (mode === 'inline') {
    const server = await listen((at) => accepted.push(at))
    return {
      port: portOf(server),
      accepted: () => accepted,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    }
  }
  const child = fork(import.meta.filename, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the SMTP capture exited (${code})`)))
    child.on('message', (m: { port?: number; accepted?: number[] }) => {
      if (m.port) resolve(m.port)
      if (m.accepted) accepted.push(...m.accepted)
    })
  })
  return {
    port,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit')
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

if (import.meta.main && process.send) {
  // The child: every acceptance reported to the parent, batched every 50 ms.
  const pending: number[] = []
  const server = await listen((at) => pending.push(at))
  process.send({ port: portOf(server) })
  const flush = () => {
    if (pending.length > 0) process.send?.({ accepted: pending.splice(0) })
  }
  setInterval(flush, 50)
  process.on('SIGTERM', () => {
    flush()
    server.close(() => process.exit(0))
  })
  process.on('disconnect', () => process.exit(0))
}
