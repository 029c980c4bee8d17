import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDb } from '../../modules/platform/db.ts'
import { migrateToLatest, migrationsFolder } from '../../modules/platform/migrate.ts'
import { ensurePostgres, ensureRedis } from '../../scripts/lib/services.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string
    templateDb: string
    redisUrl: string
  }
}

/**
 * Finds real PostgreSQL and Redis (DATABASE_URL/REDIS_URL, else the local default ports, else
 * embedded ones) and prepares a migrated template database named after the migrations' content,
 * so each test file can clone a fresh database from it in a few milliseconds.
 */
export default async function setup(project: TestProject) {
  const dataDir = path.resolve('.data/test')
  const postgres = await ensurePostgres({ dataDir, prefer: 'local' })
  const redis = await ensureRedis({ dataDir, prefer: 'local' })

  const hash = createHash('sha256')
  for (const f of readdirSync(migrationsFolder).sort())
    hash.update(f).update(readFileSync(path.join(migrationsFolder, f)))
  const templateDb = `cardpay_tpl_${hash.digest('hex').slice(0, 12)}`

  const server = new URL(postgres.url)
  server.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: server.toString() })
  await admin.connect()
  // One setup at a time per server: parallel CI runs must not race on the template.
  await admin.query('select pg_advisory_lock(424242)')
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [templateDb])
    if (exists.rowCount === 0) {
      const building = `${templateDb}_build`
      await admin.query(`drop database if exists ${building} with (force)`)
      await admin.query(`create database ${building}`)
      const url = new URL(server)
      url.pathname = `/${building}`
      const db = createDb({ url: url.toString(), max: 1 })
      await migrateToLatest(db)
      await db.destroy()
      await admin.query(`alter database ${building} rename to ${templateDb}`)
    }
  } finally {
    await admin.query('select pg_advisory_unlock(424242)')
    await admin.end()
  }

  project.provide('pgServerUrl', server.toString())
  project.provide('templateDb', templateDb)
  project.provide('redisUrl', redis.url)
  return async () => {
    await redis.stop()
    await postgres.stop()
  }
}
