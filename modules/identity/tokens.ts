import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  type CryptoKey,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  jwtVerify,
  SignJWT,
} from 'jose'
import type { Config } from '../platform/config.ts'
import type { UserType } from '../platform/context.ts'

/** Access tokens live 15 minutes; the client refreshes them 20 seconds before they expire. */
export const accessTokenSeconds = 15 * 60
/** A session (refresh-token family) lasts 30 days when "keep me signed in", else 12 hours. */
export const sessionSeconds = { remember: 30 * 24 * 3600, browser: 12 * 3600 }

const alg = 'EdDSA'
const issuer = 'cardpay'

interface SigningKeys {
  privateKey: CryptoKey
  publicKey: CryptoKey
}

const cache = new Map<string, Promise<SigningKeys>>()

/**
 * The Ed25519 key pair that signs access tokens: from TOKEN_PRIVATE_KEY/TOKEN_PUBLIC_KEY, or in
 * development and tests a pair made once in DATA_DIR/keys and reused on every start (so tokens
 * survive a restart). Production refuses to run without configured keys.
 */
export function signingKeys(config: Config): Promise<SigningKeys> {
  const cacheKey = config.TOKEN_PRIVATE_KEY ?? config.DATA_DIR
  let keys = cache.get(cacheKey)
  if (!keys) {
    keys = loadKeys(config)
    cache.set(cacheKey, keys)
    keys.catch(() => cache.delete(cacheKey))
  }
  return keys
}

async function loadKeys(config: Config): Promise<SigningKeys> {
  if (config.TOKEN_PRIVATE_KEY && config.TOKEN_PUBLIC_KEY) {
    return {
      privateKey: await importPKCS8(config.TOKEN_PRIVATE_KEY, alg),
      publicKey: await importSPKI(config.TOKEN_PUBLIC_KEY, alg),
    }
  }
  if (config.NODE_ENV === 'production') {
    throw new Error('TOKEN_PRIVATE_KEY and TOKEN_PUBLIC_KEY must be set in production')
  }
  const dir = path.join(config.DATA_DIR, 'keys')
  const files = { priv: path.join(dir, 'token-private.pem'), pub: path.join(dir, 'token-public.pem') }
  try {
    const [priv, pub] = await Promise.all([readFile(files.priv, 'utf8'), readFile(files.pub, 'utf8')])
    return { privateKey: await importPKCS8(priv, alg), publicKey: await importSPKI(pub, alg) }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const pair = await generateKeyPair(alg, { extractable: true })
  await mkdir(dir, { recursive: true, mode: 0o700 })
  // `wx`: if another process made the pair meanwhile, keep theirs and read it back.
  try {
    await writeFile(files.priv, await exportPKCS8(pair.privateKey), { mode: 0o600, flag: 'wx' })
    await writeFile(files.pub, await exportSPKI(pair.publicKey), { mode: 0o644, flag: 'wx' })
    return pair
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    await new Promise((r) => setTimeout(r, 50))
    return loadKeys(config)
  }
}

export interface AccessClaims {
  sub: string
  typ: UserType
  sid: string
}

export async function signAccessToken(
  config: Config,
  claims: AccessClaims,
): Promise<{ token: string; expiresAt: Date }> {
  const { privateKey } = await signingKeys(config)
  const expiresAt = new Date(Date.now() + accessTokenSeconds * 1000)
  const token = await new SignJWT({ typ: claims.typ, sid: claims.sid })
    .setProtectedHeader({ alg })
    .setSubject(claims.sub)
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(privateKey)
  return { token, expiresAt }
}

/**
 * Tokens already verified, with their expiry: a signature check costs about 0.2 ms of CPU and a
 * client sends the same token with every call for 15 minutes. Bounded; oldest entries go first.
 */
const verified = new Map<string, { claims: AccessClaims; exp: number }>()
const verifiedMax = 10_000

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | null> {
  const hit = verified.get(token)
  if (hit) {
    if (hit.exp > Date.now()) return hit.claims
    verified.delete(token)
  }
  try {
    const { publicKey } = await signingKeys(config)
    const { payload } = await jwtVerify(token, publicKey, { issuer, algorithms: [alg] })
    const typ = payload.typ
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      return null
    if (typ !== 1 && typ !== 2 && typ !== 3 && typ !== 4) return null
    const claims: AccessClaims = { sub: payload.sub, typ, sid: payload.sid }
    if (verified.size >= verifiedMax) verified.delete(verified.keys().next().value!)
    verified.set(token, { claims, exp: payload.exp * 1000 })
    return claims
  } catch {
    return null
  }
}

/** An opaque secret for refresh tokens and e-mailed links: 256 random bits, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url')

/** Secrets are stored only as their SHA-256: a database leak reveals no usable token. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')
