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
  /** How long a query waits for a free connection before it fails (`isPoolTimeout`); 0: no limit. */
  waitMs?: number
  applicationName?: string
}

const pools = new WeakMap<Db, pg.Pool>()

export function createDb({ url, max = 10, waitMs = 0, applicationName = 'cardpay' }: DbOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: waitMs,
    application_name: applicationName,
  })
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {})
  // Nor one that is checked out (in a transaction between two queries) when its connection is cut:
  // pg emits the server's FATAL on the client itself, and an 'error' without a listener kills the
  // process (found by `npm run chaos`, which terminates every backend once). The request's query
  // fails and its transaction rolls back; the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {})
  })
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  pools.set(db, pool)
  return db
}

/** How busy a handle's pool is: queries waiting for a connection, and connections open. */
export function poolLoad(db: Db): { waiting: number; open: number; max: number } | null {
  const pool = pools.get(db)
  return pool ? { waiting: pool.waitingCount, open: pool.totalCount, max: pool.options.max } : null
}

/** pg's refusal when no pooled connection came free within `waitMs`. */
export function isPoolTimeout(err: unknown): boolean {
  return err instanceof Error && err.message === 'timeout exceeded when trying to connect'
}
