/**
 * Applies every pending migration to DATABASE_URL and exits: `npm run db:migrate`, and the
 * one-shot `migrate` service of docker-compose.yml. Exit code 0 when the database is up to date.
 */
import { ConfigError, loadConfig } from '../modules/platform/config.ts'
import { createDb } from '../modules/platform/db.ts'
import { migrateToLatest } from '../modules/platform/migrate.ts'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (err) {
  if (!(err instanceof ConfigError)) throw err
  console.error(err.message)
  process.exit(78) // EX_CONFIG
}

const target = config.DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')
const db = createDb({ url: config.DATABASE_URL, max: 1, applicationName: 'cardpay-migrate' })
try {
  const applied = await migrateToLatest(db)
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s) to ${target}:\n${applied.map((m) => `  ${m}`).join('\n')}`
      : `${target} is up to date`,
  )
} catch (err) {
  console.error(`Migrating ${target} failed: ${err instanceof Error ? err.message : String(err)}`)
  process.exitCode = 1
} finally {
  await db.destroy()
}
