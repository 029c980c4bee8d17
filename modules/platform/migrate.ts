import { promises as fs } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Kysely } from 'kysely'
import { FileMigrationProvider, Migrator } from 'kysely/migration'

export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url))

/**
 * Applies every migration in `migrations/` that has not run yet, in name order. Migrations are
 * forward-only: a mistake is fixed by a new migration, never by editing or reverting an applied one.
 * Safe to call from several processes at once (Kysely holds an advisory lock while migrating).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before (and regardless of) the typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsFolder }),
    // Work merged from parallel branches may add a migration named before one a database already
    // ran; it is applied then rather than refused. Migrations never depend on a later one's name.
    allowUnorderedMigrations: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
