import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { createUser } from '../identity/index.ts'
import type { Config } from '../platform/config.ts'
import type { Db } from '../platform/db.ts'
import { insertAccount } from './db/accounts.ts'
import { newSandboxKey } from './providers/sandbox/sandbox.ts'

/**
 * Set-up for `npm run bench`'s payment rows: a program owner, an active payment program with its
 * own sandbox account (production mode has no platform sandbox), and `orders` payments ready to be
 * paid, so each direct-pay request pays a payment of its own.
 */
export async function preparePaymentBench(
  db: Db,
  config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>,
  opts: { orders: number },
): Promise<{ ownerEmail: string; ownerPassword: string; programUuid: string; orderIds: string[] }> {
  const ownerEmail = 'bench-owner@example.com'
  const ownerPassword = 'Bench-Pass-1'
  const owner = await createUser(db, { email: ownerEmail, password: ownerPassword, type: 1 })
  // A real, active payment program that takes card and iDEAL at the sandbox: payments in a program
  // are refused unless the program exists and is active (the bench writes its rows directly, as
  // the set-up of a benchmark may; the API under load goes through every rule).
  const programUuid = randomUUID()
  await db
    .insertInto('programs')
    .values({
      id: programUuid,
      owner_user_id: owner.id,
      type: 3001,
      status: 11001,
      title: 'Bench payments',
      currency: 'EUR',
      activated_at: new Date(),
    })
    .execute()
  await db
    .insertInto('program_methods')
    .values(
      ['card', 'ideal'].map((method_id) => ({
        program_id: programUuid,
        method_id,
        provider_id: 'sandbox',
        is_used: true,
      })),
    )
    .execute()
  const accountId = await insertAccount(db, config, {
    owner_user_id: owner.id,
    program_uuid: programUuid,
    provider: 'sandbox',
    mode: 'test',
    credentials: { mode: 'test', api_key: newSandboxKey() },
  })
  const rows = await sql<{ id: string }>`
    insert into payments (id, payable_kind, payable_id, program_uuid, owner_user_id, account_id, amount, currency, status, description, expires_at)
    select gen_random_uuid(), 'payment_link', 'bench', ${programUuid}::uuid, ${owner.id}::uuid, ${accountId}::uuid, 1250, 'EUR', 'created', 'Bench order', now() + interval '1 day'
    from generate_series(1, ${opts.orders})
    returning id`.execute(db)
  return { ownerEmail, ownerPassword, programUuid, orderIds: rows.rows.map((r) => r.id) }
}

/**
 * A sandbox account of an existing program's own (production mode has no platform sandbox), for
 * benches of modules whose payments run in their programs (food orders).
 */
export async function prepareSandboxAccount(
  db: Db,
  config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>,
  program: { uuid: string; owner_user_id: string },
): Promise<void> {
  await insertAccount(db, config, {
    owner_user_id: program.owner_user_id,
    program_uuid: program.uuid,
    provider: 'sandbox',
    mode: 'test',
    credentials: { mode: 'test', api_key: newSandboxKey() },
  })
}
