import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'
import { HeldMailPool } from './held-send.ts'

/** An e-mail ready to send: rendered subject, plain text and HTML. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Stable Message-ID (derived from the event that caused it) so a repeated send is recognisable. */
  messageId?: string
  headers?: Record<string, string>
  /** Files sent with it, given as bytes (never read from a path); with `cid` shown inline (a QR code). */
  attachments?: MailAttachment[]
}

/** A file sent with an e-mail; with `cid` it can be shown inline (`cid:<cid>` in the HTML). */
export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
  cid?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>
  /**
   * The process's held sends (`held-send.ts`: delivered only when the caller's record commits), on
   * SMTP sessions of their own kept open across messages; made on first use, closed with the mailer.
   * `?maxConnections=` in `SMTP_URL` bounds them too (default 16).
   */
  held(): HeldMailPool
  close(): void
}

/** The domain of the sender address, used to complete a bare Message-ID. */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from
  const domain = address.split('@')[1]?.trim().toLowerCase()
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost'
}

/**
 * `<id@domain>` from what the caller passed: an event id (`0193...`), `id@domain` or a complete
 * `<id@domain>`. Characters a Message-ID can't hold are replaced, so any stable key works.
 */
export function normalizeMessageId(id: string, domain: string): string {
  const bare = id.trim().replace(/^<|>$/g, '')
  const [left, right] = bare.includes('@')
    ? [bare.slice(0, bare.lastIndexOf('@')), bare.slice(bare.lastIndexOf('@') + 1)]
    : [bare, domain]
  const clean = (s: string) => s.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/g, '-')
  return `<${clean(left)}@${clean(right)}>`
}

/**
 * SMTP mailer on nodemailer. Connections are pooled (a worker sends many e-mails; a new TLS
 * handshake for each would be slow and look like abuse to some servers) and every phase has a
 * timeout, so a hanging server fails the job (which BullMQ retries) instead of blocking the worker.
 * Options in the query string of `SMTP_URL` (e.g. `?maxConnections=2`) override these defaults.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  const domain = senderDomain(config.MAIL_FROM)
  const transport = nodemailer.createTransport({
    pool: true,
    url: config.SMTP_URL,
    maxConnections: 3,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  let held: HeldMailPool | undefined
  return {
    held() {
      held ??= new HeldMailPool(config, {
        maxConnections: Number(new URL(config.SMTP_URL).searchParams.get('maxConnections') ?? 16),
      })
      return held
    },
    async send(message) {
      const info = await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        ...(message.attachments ? { attachments: message.attachments } : {}),
        ...(message.messageId ? { messageId: normalizeMessageId(message.messageId, domain) } : {}),
      })
      return { messageId: info.messageId }
    },
    close() {
      transport.close()
      held?.close()
    },
  }
}
