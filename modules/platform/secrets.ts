import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from './config.ts'

/**
 * Seals secrets stored at rest (payment-provider credentials, webhook signing secrets) with
 * AES-256-GCM. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url): authenticated, so a
 * changed byte or the wrong key fails loudly instead of yielding garbage.
 */
export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
}

const cache = new Map<string, SecretBox>()

/**
 * The box for this deployment: DATA_ENCRYPTION_KEY, or in development and tests a key made once in
 * DATA_DIR/keys and shared by every process on that folder. Production refuses to run without one.
 */
export function secretBox(config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>): SecretBox {
  const cacheKey = config.DATA_ENCRYPTION_KEY ?? config.DATA_DIR
  let box = cache.get(cacheKey)
  if (!box) {
    box = boxFor(loadKey(config))
    cache.set(cacheKey, box)
  }
  return box
}

function loadKey(config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>): Buffer {
  if (config.DATA_ENCRYPTION_KEY) return Buffer.from(config.DATA_ENCRYPTION_KEY, 'base64')
  if (config.NODE_ENV === 'production') throw new Error('DATA_ENCRYPTION_KEY must be set in production')
  const dir = path.join(config.DATA_DIR, 'keys')
  const file = path.join(dir, 'data-encryption.key')
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  try {
    // `wx`: if another process made the key meanwhile, keep theirs.
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
}

function boxFor(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the data encryption key must be 32 bytes')
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },
  }
}
