import type { Config } from '../../platform/config.ts'
import type { DbOrTrx } from '../../platform/db.ts'
import { invalidField, notFound } from '../../platform/errors.ts'
import { newId } from '../../platform/ids.ts'
import { secretBox } from '../../platform/secrets.ts'
import { checkEndpointUrl } from '../address-guard.ts'
import {
  insertEndpoint,
  selectEndpoint,
  selectSealedSecret,
  updateEndpointRow,
  type WebhookEndpoint,
} from '../db/endpoints.ts'
import type { EndpointLabelCode } from '../labels.ts'
import { generateWebhookSecret, isWebhookSecret } from '../signing.ts'

/** What endpoint commands need from the configuration: the secret box and the SSRF policy. */
export type WebhookConfig = Pick<
  Config,
  'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE'
>

export interface CreateEndpointInput {
  /** The user who owns the endpoint (the program owner): who may read its deliveries. */
  owner_user_id: string
  /** The program whose events go to it (free text until the programs module exists). */
  program_uuid?: string | null
  url: string
  description?: string
  /**
   * The label as a code, when the platform words it (`endpointLabelCodes`), with its parameters;
   * `description` then keeps the English words.
   */
  description_code?: EndpointLabelCode | null
  description_params?: Record<string, string>
  /** A `whsec_…` secret to use; by default a new one is made. */
  secret?: string
  is_active?: boolean
}

/** An endpoint and its signing secret in the clear, answered once when it is made or rotated. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint
  secret: string
}

const descriptionMax = 500

function checkSecret(secret: string): string {
  if (!isWebhookSecret(secret))
    throw invalidField('secret', 'invalid_secret', 'must be whsec_ followed by 24–64 bytes in base64')
  return secret
}

function checkDescription(description: string): string {
  const d = description.trim()
  if (d.length > descriptionMax)
    throw invalidField('description', 'too_long', `at most ${descriptionMax} characters`, {
      maximum: descriptionMax,
    })
  return d
}

/**
 * Registers a merchant endpoint. The URL passes the SSRF guard (see address-guard.ts); the secret is
 * sealed at rest with the platform's secret box and answered in the clear only here.
 */
export async function createEndpoint(
  db: DbOrTrx,
  config: WebhookConfig,
  input: CreateEndpointInput,
): Promise<EndpointWithSecret> {
  const url = await checkEndpointUrl(input.url, config)
  const secret = input.secret === undefined ? generateWebhookSecret() : checkSecret(input.secret)
  const endpoint = await insertEndpoint(db, {
    id: newId(),
    owner_user_id: input.owner_user_id,
    program_uuid: input.program_uuid ?? null,
    url,
    description: checkDescription(input.description ?? ''),
    description_code: input.description_code ?? null,
    description_params: JSON.stringify(input.description_params ?? {}),
    secret: secretBox(config).seal(secret),
    is_active: input.is_active ?? true,
  })
  return { endpoint, secret }
}

export interface UpdateEndpointInput {
  url?: string
  description?: string
  program_uuid?: string | null
  /** Off: attempts still due are not made, and the deliveries end as failed (`endpointInactive`). */
  is_active?: boolean
  /** A new `whsec_…` secret to use from now on. */
  secret?: string
  /** Make a new secret (answered once in the result). */
  rotate_secret?: boolean
}

/**
 * Changes an endpoint. A new URL or secret applies to every attempt made from now on, retries of
 * earlier deliveries included. Answers the new secret when it was rotated or set.
 */
export async function updateEndpoint(
  db: DbOrTrx,
  config: WebhookConfig,
  id: string,
  input: UpdateEndpointInput,
): Promise<{ endpoint: WebhookEndpoint; secret?: string }> {
  const secret = input.rotate_secret
    ? generateWebhookSecret()
    : input.secret === undefined
      ? undefined
      : checkSecret(input.secret)
  const endpoint = await updateEndpointRow(db, id, {
    ...(input.url !== undefined ? { url: await checkEndpointUrl(input.url, config) } : {}),
    ...(input.description !== undefined ? { description: checkDescription(input.description) } : {}),
    ...(input.program_uuid !== undefined ? { program_uuid: input.program_uuid } : {}),
    ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
    ...(secret !== undefined ? { secret: secretBox(config).seal(secret) } : {}),
    updated_at: new Date(),
  })
  if (!endpoint) throw notFound('webhook endpoint')
  return secret === undefined ? { endpoint } : { endpoint, secret }
}

/**
 * Deletes an endpoint: it stops receiving (like an inactive one) and disappears from lists, while
 * its deliveries and their attempt log stay readable for the record.
 */
export async function deleteEndpoint(db: DbOrTrx, id: string): Promise<void> {
  const endpoint = await updateEndpointRow(db, id, {
    is_active: false,
    deleted_at: new Date(),
    updated_at: new Date(),
  })
  if (!endpoint) throw notFound('webhook endpoint')
}

/** The endpoint (not deleted), without its secret. */
export async function findEndpoint(db: DbOrTrx, id: string): Promise<WebhookEndpoint | undefined> {
  return selectEndpoint(db, id)
}

/** The endpoint's signing secret in the clear, e.g. to show it to its owner again. */
export async function revealEndpointSecret(db: DbOrTrx, config: WebhookConfig, id: string): Promise<string> {
  const sealed = await selectSealedSecret(db, id)
  if (!sealed || !(await selectEndpoint(db, id))) throw notFound('webhook endpoint')
  return secretBox(config).open(sealed)
}
