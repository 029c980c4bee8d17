import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { secretBox } from './secrets.ts'

describe('secretBox', () => {
  const key = Buffer.alloc(32, 7).toString('base64')
  const box = secretBox({ DATA_ENCRYPTION_KEY: key, DATA_DIR: '/nonexistent', NODE_ENV: 'test' })

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = box.seal('sk_test_123')
    expect(a).not.toContain('sk_test_123')
    expect(a).not.toBe(box.seal('sk_test_123'))
    expect(box.open(a)).toBe('sk_test_123')
  })

  it('refuses a changed value and another key', () => {
    const sealed = box.seal('secret')
    const parts = sealed.split('.')
    parts[3] = Buffer.from('other!').toString('base64url')
    expect(() => box.open(parts.join('.'))).toThrow()
    const other = secretBox({
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 8).toString('base64'),
      DATA_DIR: '/x',
      NODE_ENV: 'test',
    })
    expect(() => other.open(sealed)).toThrow()
  })

  it('makes one key per data folder in development and refuses production without a key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secrets-'))
    const sealed = secretBox({ DATA_DIR: dir, NODE_ENV: 'development', DATA_ENCRYPTION_KEY: undefined }).seal(
      'x',
    )
    expect(secretBox({ DATA_DIR: dir, NODE_ENV: 'test', DATA_ENCRYPTION_KEY: undefined }).open(sealed)).toBe(
      'x',
    )
    expect(() =>
      secretBox({ DATA_DIR: path.join(dir, 'p'), NODE_ENV: 'production', DATA_ENCRYPTION_KEY: undefined }),
    ).toThrow(/DATA_ENCRYPTION_KEY/)
  })
})
