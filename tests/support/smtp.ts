import type { AddressInfo } from 'node:net'
import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'

/** A received message, parsed, with its SMTP envelope. */
export interface CapturedEmail extends Email {
  envelope: { from: string | undefined; to: string[] }
}

export interface SmtpCapture {
  url: string
  messages: CapturedEmail[]
  /** While set, recipients it accepts are refused for good (550 to RCPT TO), like an unknown mailbox. */
  refuse: ((to: string) => boolean) | undefined
  /** Resolves with the first `count` messages that match, or rejects after `timeoutMs`. */
  waitFor(match: (m: CapturedEmail) => boolean, count?: number, timeoutMs?: number): Promise<CapturedEmail[]>
  close(): Promise<void>
}

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
export async function startSmtpCapture(
  opts: {
    /** Milliseconds the server waits before answering RCPT TO and the final dot (random up to this). */
    delayMs?: number
  } = {},
): Promise<SmtpCapture> {
  const pause = () =>
    opts.delayMs
      ? new Promise((r) => setTimeout(r, Math.random() * (opts.delayMs as number)))
      : Promise.resolve()
  const messages: CapturedEmail[] = []
  const capture = { refuse: undefined as ((to: string) => boolean) | undefined }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      if (capture.refuse?.(address.address)) {
        const err = Object.assign(
          new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`),
          {
            responseCode: 550,
          },
        )
        return done(err)
      }
      done()
    },
    onData(stream, session, done) {
      const mailFrom = session.envelope.mailFrom
      const envelope = {
        from: mailFrom ? mailFrom.address : undefined,
        to: session.envelope.rcptTo.map((r) => r.address),
      }
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (m) => {
            messages.push({ ...m, envelope })
            pause().then(() => done())
          },
          (err: Error) => done(err),
        )
      })
    },
  })
  // A sender that dies mid-session (a killed worker, `npm run chaos`) resets its connection: that
  // session is over, the server goes on.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refuse() {
      return capture.refuse
    },
    set refuse(fn) {
      capture.refuse = fn
    },
    async waitFor(match, count = 1, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        const found = messages.filter(match)
        if (found.length >= count) return found
        if (Date.now() > until)
          throw new Error(`expected ${count} e-mail(s), got ${found.length} in ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Polls `check` until it returns a truthy value or the time is up. */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
