import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The captured e-mail of the platform under test, read through MailDev's JSON API
 * (`GET /email`). The launcher keeps the mailbox port in `<DATA_DIR>/ports.json`; playwright.config
 * starts it with DATA_DIR `.data/e2e`. E2E_MAILBOX_URL overrides it (a server started by hand with
 * E2E_REUSE_SERVER=1).
 */
function mailboxUrl(): string {
  if (process.env.E2E_MAILBOX_URL) return process.env.E2E_MAILBOX_URL.replace(/\/$/, '')
  const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e'
  const file = path.resolve(import.meta.dirname, '../..', dataDir, 'ports.json')
  const ports = JSON.parse(readFileSync(file, 'utf8')) as { mailbox?: number }
  if (!ports.mailbox) throw new Error(`${file} names no mailbox port`)
  return `http://127.0.0.1:${ports.mailbox}`
}

export interface Mail {
  subject: string
  text: string
  html: string
  to: { address: string }[]
}

/** The newest e-mail to `to` that `matches`, waiting up to `timeoutMs` for it to arrive. */
export async function waitForMail(
  to: string,
  matches: (mail: Mail) => boolean,
  { timeoutMs = 20_000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs
  const wanted = to.toLowerCase()
  for (;;) {
    const res = await fetch(`${mailboxUrl()}/email`)
    if (!res.ok) throw new Error(`mailbox answered ${res.status}`)
    const all = (await res.json()) as (Mail & { date?: string; time?: string })[]
    const found = all
      .filter((m) => m.to.some((a) => a.address.toLowerCase() === wanted) && matches(m))
      .filter((m) => Date.parse(m.date ?? m.time ?? '0') >= after)
      .sort((a, b) => Date.parse(b.date ?? b.time ?? '0') - Date.parse(a.date ?? a.time ?? '0'))
    if (found[0]) return found[0]
    if (Date.now() > deadline) throw new Error(`no such e-mail to ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The 6-digit confirmation code of a registration e-mail. */
export async function signupCode(to: string): Promise<string> {
  // The code ends the subject ("Your confirmation code: 123456" in every language). Matching any six
  // digits took an invitation whose program title held six digits in a row for the code.
  const codeAtEnd = /:\s*(\d{6})$/
  const mail = await waitForMail(to, (m) => codeAtEnd.test(m.subject))
  const code = codeAtEnd.exec(mail.subject)?.[1]
  if (!code) throw new Error(`no code in "${mail.subject}"`)
  return code
}

/** The set-password link of a forgot-password e-mail. */
export async function passwordLink(to: string): Promise<string> {
  const mail = await waitForMail(to, (m) => linkIn(m) !== undefined)
  const link = linkIn(mail)
  if (!link) throw new Error('no set-password link in the e-mail')
  return link
}

const linkIn = (mail: Mail) =>
  /https?:\/\/[^\s"'<>]+\/password\?token=[\w-]+/.exec(`${mail.text}\n${mail.html}`)?.[0]

/** An address nobody has used, so that tests running in parallel never read each other's mail. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
