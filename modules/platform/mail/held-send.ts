import { Readable } from 'node:stream'
import MailComposer from 'nodemailer/lib/mail-composer'
import SMTPConnection from 'nodemailer/lib/smtp-connection'
import type { Config } from '../config.ts'
import { type MailAttachment, type MailMessage, normalizeMessageId } from './mailer.ts'

export type { MailAttachment }
export type HeldMessage = MailMessage

/**
 * Why a held send failed. `committed` tells whether `beforeEnd` ran to its end (the caller's
 * record of the send is then committed); `permanent` that the server refused for good (a 5xx
 * reply: unknown mailbox, refused content), so trying again cannot help.
 */
export class HeldSendError extends Error {
  override name = 'HeldSendError'
  readonly committed: boolean
  readonly permanent: boolean
  readonly responseCode: number | undefined
  readonly stage: 'connect' | 'envelope' | 'data' | 'commit'
  constructor(
    message: string,
    committed: boolean,
    permanent: boolean,
    responseCode: number | undefined,
    stage: 'connect' | 'envelope' | 'data' | 'commit',
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.committed = committed
    this.permanent = permanent
    this.responseCode = responseCode
    this.stage = stage
  }
}

function composeRaw(from: string, message: HeldMessage, domain: string): Promise<Buffer> {
  const composer = new MailComposer({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.headers ? { headers: message.headers } : {}),
    ...(message.messageId ? { messageId: normalizeMessageId(message.messageId, domain) } : {}),
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      ...(a.cid ? { cid: a.cid } : {}),
    })),
  })
  return new Promise((resolve, reject) =>
    composer.compile().build((err, raw) => (err ? reject(err) : resolve(raw))),
  )
}

const addressOf = (value: string) => (/<([^>]+)>/.exec(value)?.[1] ?? value).trim()

type Stage = HeldSendError['stage']

/** One SMTP session: several messages one after another (RFC 5321 allows any number per session). */
class HeldConnection {
  readonly connection: SMTPConnection
  messages = 0
  closed = false
  /** Given back to the pool's count of open sessions (once). */
  discarded = false
  idleTimer: NodeJS.Timeout | undefined
  constructor(connection: SMTPConnection) {
    this.connection = connection
  }
  close() {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.idleTimer)
    this.connection.close()
  }
}

export interface HeldMailPoolOptions {
  /** Sessions open at once; a send waits for a free one (default 16). */
  maxConnections?: number
  /** Messages per session before it is closed and a fresh one opened (default 500). */
  maxMessages?: number
  /** An idle session is closed after this long (default 5 s; servers drop idle clients). */
  idleMs?: number
}

/**
 * Held sends (see `send`) over SMTP sessions kept open across messages, as nodemailer's own pool
 * does: a reminder then costs its envelope and data, not a connection, greeting and EHLO each.
 * A session that fails in any way is closed, never reused: a message whose dot was held back
 * is dropped by closing the session, and the server discards it (RFC 5321 §4.1.1.4).
 */
export class HeldMailPool {
  private readonly url: URL
  private readonly from: string
  private readonly domain: string
  private readonly max: number
  private readonly maxMessages: number
  private readonly idleMs: number
  private readonly idle: HeldConnection[] = []
  private readonly waiting: (() => void)[] = []
  private open = 0
  private shut = false

  constructor(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, options: HeldMailPoolOptions = {}) {
    this.url = new URL(config.SMTP_URL)
    this.from = config.MAIL_FROM
    this.domain = addressOf(config.MAIL_FROM).split('@')[1]?.toLowerCase() || 'localhost'
    this.max = options.maxConnections ?? 16
    this.maxMessages = options.maxMessages ?? 500
    this.idleMs = options.idleMs ?? 5000
  }

  /** The raw message, composed ahead (the caller may prepare many before sending any). */
  compose(message: HeldMessage): Promise<Buffer> {
    return composeRaw(this.from, message, this.domain)
  }

  /**
   * Sends one e-mail so that it is delivered exactly when the caller's record of it commits: the
   * message goes to the server in full except the final `<CRLF>.<CRLF>`, then `beforeEnd` runs
   * (the caller commits "sent"), and only then the final dot is written. A server delivers
   * nothing of a message whose dot never came (RFC 5321 §4.1.1.4), so:
   *
   * - the process dies before `beforeEnd` committed: no e-mail, no record; a retry sends it once;
   * - `beforeEnd` throws (the row was taken by another worker, the bill was paid meanwhile): the
   *   session is closed without the dot: no e-mail;
   * - the server refuses the envelope (a 5xx to RCPT TO): `beforeEnd` never runs.
   *
   * What is left is the instant between the commit's acknowledgement and the dot's write, a
   * microsecond rather than the SMTP round trips a send-then-commit order leaves open.
   */
  async send(
    message: HeldMessage,
    beforeEnd: () => Promise<void>,
    raw?: Buffer,
  ): Promise<{ messageId: string | undefined; response: string }> {
    const body = raw ?? (await this.compose(message))
    const to = (Array.isArray(message.to) ? message.to : [message.to]).map(addressOf)
    for (let attempt = 0; ; attempt++) {
      const held = await this.acquire().catch((err: unknown) => {
        throw toHeldError(err, false, 'connect')
      })
      const reused = held.messages > 0
      try {
        const response = await this.sendOn(held, to, body, beforeEnd)
        held.messages++
        this.release(held)
        return { messageId: message.messageId, response }
      } catch (err) {
        this.discard(held)
        // A kept session the server closed meanwhile: nothing of the message was sent, so it
        // goes out over a fresh one.
        if (
          err instanceof HeldSendError &&
          reused &&
          attempt === 0 &&
          err.stage === 'envelope' &&
          !err.committed &&
          err.responseCode === undefined
        )
          continue
        throw err
      }
    }
  }

  /**
   * Opens sessions up to the pool's size ahead of a burst (a minute's reminders written ahead), so
   * that its first sends do not wait for connections, greetings and EHLOs all at once. They stay
   * idle (and close after `idleMs`) until used; a session that cannot be opened is left out.
   */
  async warm(): Promise<void> {
    const opening: Promise<void>[] = []
    while (!this.shut && this.open < this.max) {
      this.open++
      opening.push(
        this.connect().then(
          (held) => this.release(held),
          () => {
            this.open--
            this.wake()
          },
        ),
      )
    }
    await Promise.all(opening)
  }

  /** Closes every session; sends in flight fail. */
  close(): void {
    this.shut = true
    for (const held of this.idle.splice(0)) held.close()
  }

  private async acquire(): Promise<HeldConnection> {
    for (;;) {
      if (this.shut) throw new Error('the mail pool is closed')
      const idle = this.idle.pop()
      if (idle) {
        clearTimeout(idle.idleTimer)
        if (!idle.closed) return idle
        continue
      }
      if (this.open < this.max) {
        this.open++
        try {
          return await this.connect()
        } catch (err) {
          this.open--
          this.wake()
          throw err
        }
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
  }

  private release(held: HeldConnection) {
    if (this.shut || held.closed || held.messages >= this.maxMessages) return this.discard(held)
    held.idleTimer = setTimeout(() => {
      const i = this.idle.indexOf(held)
      if (i >= 0) this.idle.splice(i, 1)
      this.discard(held)
    }, this.idleMs)
    held.idleTimer.unref()
    this.idle.push(held)
    this.wake()
  }

  private discard(held: HeldConnection) {
    held.close()
    if (!held.discarded) {
      held.discarded = true
      this.open--
    }
    this.wake()
  }

  private wake() {
    this.waiting.shift()?.()
  }

  private async connect(): Promise<HeldConnection> {
    const url = this.url
    const secure = url.protocol === 'smtps:'
    const connection = new SMTPConnection({
      host: url.hostname,
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...(url.searchParams.get('ignoreTLS') === 'true' ? { ignoreTLS: true } : {}),
    })
    const held = new HeldConnection(connection)
    connection.on('error', () => {})
    connection.on('end', () => {
      held.closed = true
    })
    try {
      await new Promise<void>((resolve, reject) => {
        connection.once('error', reject)
        connection.connect(() => {
          connection.off('error', reject)
          resolve()
        })
      })
      if (url.username) {
        await new Promise<void>((resolve, reject) =>
          connection.login(
            { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
            (err) => (err ? reject(err) : resolve()),
          ),
        )
      }
    } catch (err) {
      held.close()
      throw err
    }
    return held
  }

  private sendOn(
    held: HeldConnection,
    to: string[],
    raw: Buffer,
    beforeEnd: () => Promise<void>,
  ): Promise<string> {
    let stage: Stage = 'envelope'
    let committed = false
    // What `beforeEnd` threw, so the caller gets its own error back as the cause.
    let commitError: unknown
    return new Promise((resolve, reject) => {
      let started = false
      // Read by the connection only once the server answered DATA with 354 (nodemailer pipes the
      // message after the envelope is accepted): from then on the server waits for the final dot.
      const body = new Readable({
        read() {
          if (started) return
          started = true
          stage = 'data'
          this.push(raw)
          stage = 'commit'
          beforeEnd().then(
            () => {
              committed = true
              stage = 'data'
              this.push(null)
            },
            (err: unknown) => {
              commitError = err
              this.destroy(err instanceof Error ? err : new Error(String(err)))
            },
          )
        },
      })
      held.connection.send({ from: addressOf(this.from), to }, body, (err, info) => {
        if (err) {
          // Closed before the error is reported: a held message must never get its dot later.
          held.close()
          reject(toHeldError(err, committed, stage, commitError))
          return
        }
        resolve(info.response)
      })
    })
  }
}

function toHeldError(err: unknown, committed: boolean, stage: Stage, commitError?: unknown): HeldSendError {
  if (err instanceof HeldSendError) return err
  const e = err as { message?: string; responseCode?: number }
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined
  return new HeldSendError(
    e.message ?? String(err),
    committed,
    code !== undefined && code >= 500 && code < 600,
    code,
    stage,
    { cause: commitError ?? err },
  )
}

/** One held send on a session of its own (see `HeldMailPool.send`). */
export async function sendHeld(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  message: HeldMessage,
  beforeEnd: () => Promise<void>,
): Promise<{ messageId: string | undefined; response: string }> {
  const pool = new HeldMailPool(config, { maxConnections: 1, maxMessages: 1 })
  try {
    return await pool.send(message, beforeEnd)
  } finally {
    pool.close()
  }
}
