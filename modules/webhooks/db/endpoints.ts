import type { Insertable, Selectable, Updateable } from 'kysely'
import type { DB, DbOrTrx } from '../../platform/db.ts'

type EndpointRow = Selectable<DB['webhook_endpoints']>

/** A merchant endpoint as the rest of the platform sees it: never with its secret. */
export type WebhookEndpoint = Omit<EndpointRow, 'secret'>

const columns = [
  'id',
  'owner_user_id',
  'program_uuid',
  'url',
  'description',
  'description_code',
  'description_params',
  'is_active',
  'deleted_at',
  'created_at',
  'updated_at',
] as const

export async function insertEndpoint(
  db: DbOrTrx,
  row: Insertable<DB['webhook_endpoints']>,
): Promise<WebhookEndpoint> {
  return db.insertInto('webhook_endpoints').values(row).returning(columns).executeTakeFirstOrThrow()
}

export async function updateEndpointRow(
  db: DbOrTrx,
  id: string,
  changes: Updateable<DB['webhook_endpoints']>,
): Promise<WebhookEndpoint | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(columns)
    .executeTakeFirst()
}

/** An endpoint that was not deleted. */
export async function selectEndpoint(db: DbOrTrx, id: string): Promise<WebhookEndpoint | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .select(columns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export async function selectEndpoints(
  db: DbOrTrx,
  filter: { owner_user_id?: string; program_uuid?: string; active_only?: boolean },
): Promise<WebhookEndpoint[]> {
  let q = db.selectFrom('webhook_endpoints').select(columns).where('deleted_at', 'is', null)
  if (filter.owner_user_id) q = q.where('owner_user_id', '=', filter.owner_user_id)
  if (filter.program_uuid) q = q.where('program_uuid', '=', filter.program_uuid)
  if (filter.active_only) q = q.where('is_active', '=', true)
  return q.orderBy('created_at').orderBy('id').execute()
}

/** The sealed secret of an endpoint (deleted ones included: their deliveries may still be replayed). */
export async function selectSealedSecret(db: DbOrTrx, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('secret')
    .where('id', '=', id)
    .executeTakeFirst()
  return row?.secret
}
