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

/**
 * Sends one e-mail so that it is delivered exactly when the caller's record of it commits: the
 * message goes to the server in full except the final `<CRLF>.<CRLF>`, then `beforeEnd` runs (the
 * caller commits "sent"), and only then the final dot is written. A server delivers nothing of a
 * message whose dot never came (RFC 5321 §4.1.1.4), so:
 *
 * - the process dies before `beforeEnd` committed: no e-mail, no record; a retry sends it once;
 * - `beforeEnd` throws (the row was taken by another worker, the bill was paid meanwhile): the
 *   connection is dropped without the dot: no e-mail;
 * - the server refuses the envelope (a 5xx to RCPT TO): `beforeEnd` never runs.
 *
 * What is left is the instant between the commit's acknowledgement and the dot's write, a
 * microsecond rather than the SMTP round trips a send-then-commit order leaves open. One SMTP
 * connection per message: reminders are few per minute per bill, and a connection on the local
 * network costs about a millisecond.
 */
export async function sendHeld(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  message: HeldMessage,
  beforeEnd: () => Promise<void>,
): Promise<{ messageId: string | undefined; response: string }> {
  const url = new URL(config.SMTP_URL)
  const domain = addressOf(config.MAIL_FROM).split('@')[1]?.toLowerCase() || 'localhost'
  const raw = await composeRaw(config.MAIL_FROM, message, domain)
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
  let stage: HeldSendError['stage'] = 'connect'
  let committed = false
  // What `beforeEnd` threw, so the caller gets its own error back as the cause.
  let commitError: unknown
  const fail = (err: unknown): never => {
    connection.close()
    if (err instanceof HeldSendError) throw err
    const e = err as { message?: string; responseCode?: number }
    const code = typeof e.responseCode === 'number' ? e.responseCode : undefined
    throw new HeldSendError(
      e.message ?? String(err),
      committed,
      code !== undefined && code >= 500 && code < 600,
      code,
      stage,
      { cause: commitError ?? err },
    )
  }
  connection.on('error', () => {})
  try {
    await new Promise<void>((resolve, reject) => {
      connection.once('error', reject)
      connection.connect(() => {
        connection.off('error', reject)
        resolve()
      })
    })
    if (url.username) {
      stage = 'envelope'
      await new Promise<void>((resolve, reject) =>
        connection.login(
          { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
          (err) => (err ? reject(err) : resolve()),
        ),
      )
    }
  } catch (err) {
    return fail(err)
  }
  stage = 'envelope'
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
    const to = Array.isArray(message.to) ? message.to : [message.to]
    connection.send({ from: addressOf(config.MAIL_FROM), to: to.map(addressOf) }, body, (err, info) => {
      if (err) {
        try {
          fail(err)
        } catch (e) {
          reject(e)
        }
        return
      }
      connection.quit()
      resolve({ messageId: message.messageId, response: info.response })
    })
  })
}
