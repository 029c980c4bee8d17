import { Kysely, PostgresDialect, type Transaction } from 'kysely'
import pg from 'pg'
import type { DB } from './db-types.ts'

export type { DB } from './db-types.ts'
/** The database handle, or a transaction on it: repository functions take either as first argument. */
export type Db = Kysely<DB>
export type Trx = Transaction<DB>
export type DbOrTrx = Db | Trx

// int8 columns hold money in minor units: read them as bigint, never as a lossy number or a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => BigInt(v))

export interface DbOptions {
  url: string
  max?: number
  applicationName?: string
}

export function createDb({ url, max = 10, applicationName = 'cardpay' }: DbOptions): Db {
  const pool = new pg.Pool({ connectionString: url, max, application_name: applicationName })
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {})
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
}
