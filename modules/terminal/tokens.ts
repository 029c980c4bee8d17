import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Config } from '../platform/config.ts'
import type { DbOrTrx } from '../platform/db.ts'
import { secretBox } from '../platform/secrets.ts'

/**
 * The token in a QR link (`/pay?token=…`): who may pay which terminal request, until when.
 *
 *   base64url(request uuid [16 bytes] · expiry in unix seconds [4] · nonce [16]) "." base64url(HMAC [16])
 *
 * The HMAC-SHA256 (cut to 128 bits) is keyed with a secret of this deployment kept sealed in
 * `terminal_keys`, so a forged or altered token is refused before the database is asked, and the
 * expiry can be read from the token itself. It is also single-use: the request stores only the
 * SHA-256 of its current token and forgets it once the token has led to a payment (or the request
 * was cancelled or a new QR made), so a copy of a used link, or of the database, pays nothing.
 * 71 characters keep the QR code small enough to scan from a phone screen.
 */

/** How long a QR link can be used: long enough to reach the payer, short enough to be safe. */
export const tokenLifetimeMs = 15 * 60_000

const keys = new Map<string, Buffer>()

type KeyConfig = Pick<Config, 'DATABASE_URL' | 'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>

/** The signing key, made once per deployment (whichever process needs it first) and cached. */
async function signingKey(db: DbOrTrx, config: KeyConfig): Promise<Buffer> {
  const cached = keys.get(config.DATABASE_URL)
  if (cached) return cached
  const box = secretBox(config)
  await db
    .insertInto('terminal_keys')
    .values({ id: 1, sealed_key: box.seal(randomBytes(32).toString('base64')) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  const row = await db
    .selectFrom('terminal_keys')
    .select('sealed_key')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  const key = Buffer.from(box.open(row.sealed_key), 'base64')
  keys.set(config.DATABASE_URL, key)
  return key
}

const mac = (key: Buffer, payload: Buffer) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 16)

const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex')
const uuidOf = (bytes: Buffer) => {
  const h = bytes.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** A new token for a request, valid until `expiresAt` (whole seconds). */
export async function signToken(
  db: DbOrTrx,
  config: KeyConfig,
  requestId: string,
  expiresAt: Date,
): Promise<string> {
  const expiry = Buffer.alloc(4)
  expiry.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000))
  const payload = Buffer.concat([uuidBytes(requestId), expiry, randomBytes(16)])
  const key = await signingKey(db, config)
  return `${payload.toString('base64url')}.${mac(key, payload).toString('base64url')}`
}

/** What a token says, when its signature holds; undefined for anything forged, cut or garbled. */
export async function readToken(
  db: DbOrTrx,
  config: KeyConfig,
  token: string,
): Promise<{ requestId: string; expiresAt: Date } | undefined> {
  const [body, sig, ...rest] = token.split('.')
  if (!body || !sig || rest.length || !/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(sig)) {
    return undefined
  }
  const payload = Buffer.from(body, 'base64url')
  const given = Buffer.from(sig, 'base64url')
  if (payload.length !== 36 || given.length !== 16) return undefined
  const key = await signingKey(db, config)
  if (!timingSafeEqual(mac(key, payload), given)) return undefined
  return {
    requestId: uuidOf(payload.subarray(0, 16)),
    expiresAt: new Date(payload.readUInt32BE(16) * 1000),
  }
}

/** What is stored of a token: its SHA-256, never the token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** The payer's link for a token. */
export const payUrl = (publicUrl: string, token: string) => `${publicUrl}/pay?token=${token}`
