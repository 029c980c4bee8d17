/**
 * Regenerates modules/platform/db-types.ts from the migrations: applies them to a scratch database
 * and reads the schema back with kysely-codegen. `--verify` fails instead when the file is stale, so
 * the test command keeps the types in step with the migrations.
 * Uses DATABASE_URL's server (default: the local one on 5432).
 */
import { execFileSync } from 'node:child_process'
import pg from 'pg'
import { createDb } from '../modules/platform/db.ts'
import { migrateToLatest } from '../modules/platform/migrate.ts'

const verify = process.argv.includes('--verify')
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
const name = `cardpay_codegen_${process.pid}`
const admin = new pg.Client({ connectionString: server.toString() })
await admin.connect()
await admin.query(`create database ${name}`)
const url = new URL(server)
url.pathname = `/${name}`
try {
  const db = createDb({ url: url.toString(), max: 1 })
  await migrateToLatest(db)
  await db.destroy()
  execFileSync(
    'kysely-codegen',
    [
      '--dialect=postgres',
      `--url=${url}`,
      '--out-file=modules/platform/db-types.ts',
      '--type-mapping={"int8":"bigint"}',
      '--exclude-pattern=kysely_migration*',
      ...(verify ? ['--verify'] : []),
    ],
    { stdio: 'inherit' },
  )
} finally {
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}
