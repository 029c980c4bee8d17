import { createUser } from '../modules/identity/index.ts'
import { createDb } from '../modules/platform/db.ts'
import { AppError } from '../modules/platform/errors.ts'

/**
 * Demo data for development: one user per portal with known credentials, so every portal can be
 * tried right after `npm start`. The launcher calls `seedDemoUsers` after the migrations (never
 * in production) and prints the credentials next to the URLs; browser tests sign in with them.
 *
 *   node scripts/seed-demo.ts        seeds the database of DATABASE_URL
 */

export const demoPassword = 'Demo-Pass-1'

export const demoUsers = [
  { portal: 'admin', email: 'admin@cardpay.localhost', type: 4, first_name: 'Ada', last_name: 'Admin' },
  { portal: 'programs', email: 'owner@cardpay.localhost', type: 1, first_name: 'Olivia', last_name: 'Owner' },
  {
    portal: 'acceptor',
    email: 'acceptor@cardpay.localhost',
    type: 2,
    first_name: 'Arjen',
    last_name: 'Acceptor',
  },
  {
    portal: 'cardholder',
    email: 'holder@cardpay.localhost',
    type: 3,
    first_name: 'Hanna',
    last_name: 'Holder',
  },
] as const

export type DemoUser = (typeof demoUsers)[number]

/**
 * The demo users' language: the product's default, Dutch, as a new account would have it (their
 * e-mails and the interface they get when no other choice was made are Dutch). None is deliberately
 * another language; the language menu switches any of them.
 */
export const demoLanguage = 'nl'

/**
 * Creates the demo users that do not exist yet (idempotent: an existing one is left as it is,
 * password included). Answers the e-mail addresses it created.
 */
export async function seedDemoUsers(databaseUrl: string): Promise<string[]> {
  const db = createDb({ url: databaseUrl, max: 1, applicationName: 'cardpay-seed-demo' })
  const created: string[] = []
  try {
    for (const { portal: _portal, ...user } of demoUsers) {
      try {
        await createUser(db, { ...user, password: demoPassword, language: demoLanguage })
        created.push(user.email)
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'conflict')) throw err
      }
    }
  } finally {
    await db.destroy()
  }
  return created
}

if (import.meta.main) {
  const url = process.env.DATABASE_URL
  if (!url) {
    console.error('DATABASE_URL is not set')
    process.exit(1)
  }
  const created = await seedDemoUsers(url)
  console.log(created.length ? `created ${created.join(', ')}` : 'demo users already exist')
}
