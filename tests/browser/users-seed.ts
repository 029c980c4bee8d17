import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { createDb, type Db } from '../../modules/platform/db.ts'
import { seedUser as sharedSeedUser } from '../support/factories.ts'
import { type PortalName, portalUrl } from './portals.ts'
import { portalPage } from './session.ts'

/**
 * Users for the profile and user-management browser tests, created straight in the database the
 * platform under test uses (as playwright.config.ts starts it): E2E_DATABASE_URL (a server started
 * by hand with E2E_REUSE_SERVER=1), else `DATABASE_URL` with database E2E_DATABASE
 * (default `cardpay_e2e`), else the embedded server in the e2e data folder.
 */
export function e2eDatabaseUrl(): string {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL)
    u.pathname = `/${process.env.E2E_DATABASE ?? 'cardpay_e2e'}`
    return u.toString()
  }
  const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e')
  const { user, password } = JSON.parse(readFileSync(path.join(dataDir, 'postgres.json'), 'utf8'))
  const { postgres } = JSON.parse(readFileSync(path.join(dataDir, 'ports.json'), 'utf8'))
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${postgres}/cardpay`
}

let db: Db | undefined
/** The database of the platform under test (users are seeded straight into it). */
export const seedDatabase = () => {
  db ??= createDb({ url: e2eDatabaseUrl(), max: 2, applicationName: 'cardpay-e2e-seed' })
  return db
}

export async function closeSeedDb() {
  await db?.destroy()
  db = undefined
}

export const seedPassword = 'Seed-Pass-42'

export interface SeededUser {
  uuid: string
  email: string
  password: string
  first_name: string
  last_name: string
}

const typeOfPortal = {
  programs: 'owner',
  acceptor: 'acceptor',
  cardholder: 'holder',
  admin: 'admin',
} as const

/**
 * A new user of the portal's type with a unique e-mail; extra fields as given (the shared factory
 * `seedUser` of tests/support/factories.ts, with the browser tests' address and language).
 */
export async function seedUser(
  portal: PortalName,
  fields: Record<string, unknown> = {},
): Promise<SeededUser> {
  const tag = randomBytes(5).toString('hex')
  const row = await sharedSeedUser(
    { db: seedDatabase() },
    {
      email: `e2e-${portal}-${tag}@example.com`,
      first_name: 'Test',
      last_name: `User ${tag}`,
      language: 'en',
      ...fields,
      password: seedPassword,
      type: typeOfPortal[portal],
    },
  )
  return {
    uuid: row.id,
    email: row.email,
    password: seedPassword,
    first_name: row.first_name,
    last_name: row.last_name,
  }
}

/**
 * Signs a page in on a portal as the browser app does (tokens in httpOnly cookies for that host).
 * The call runs in the page: only Chromium resolves the `*.localhost` portal hosts.
 */
export async function signIn(page: Page, portal: PortalName, user: SeededUser) {
  await page.goto(portalUrl(portal, '/'))
  const status = await page.evaluate(
    async ({ email, password, portal }) => {
      const res = await fetch('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-mode': 'cookie' },
        body: JSON.stringify({ email, password, portal }),
      })
      return res.status
    },
    { email: user.email, password: user.password, portal },
  )
  if (status !== 200) throw new Error(`sign-in of ${user.email} failed: ${status}`)
}

/** A page of its own on a portal (English), with the seeded user signed in there. */
export async function signedInPage(browser: Browser, portal: PortalName, user: SeededUser): Promise<Page> {
  const page = await portalPage(browser, portal)
  await signIn(page, portal, user)
  return page
}

/** A GET from inside the page (same origin, its cookies), answering the status. */
export async function statusOf(page: Page, path: string): Promise<number> {
  return page.evaluate(async (url) => (await fetch(url)).status, path)
}
