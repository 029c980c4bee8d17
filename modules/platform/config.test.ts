import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, portalForHost } from './config.ts'

describe('config', () => {
  it('has working defaults for a developer machine', () => {
    const c = loadConfig({})
    expect(c.PORT).toBe(3000)
    expect(c.PUBLIC_URL).toBe('http://localhost:3000')
    expect(c.CARDHOLDER_HOST).toEqual(['localhost', 'app.localhost'])
  })

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'redis://ok' })).toThrow(
      ConfigError,
    )
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT:/)
      expect((err as Error).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/)
      expect((err as Error).message).not.toMatch(/REDIS_URL/)
    }
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'short' })).toThrow(/DATA_ENCRYPTION_KEY/)
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/)
  })

  it('chooses the portal by host name, card holder by default', () => {
    const c = loadConfig({ ADMIN_HOST: 'admin.example.com, beheer.example.com' })
    expect(portalForHost('beheer.example.com:443', c)).toBe('admin')
    expect(portalForHost('programs.localhost:3000', c)).toBe('programs')
    expect(portalForHost('ACCEPTOR.localhost', c)).toBe('acceptor')
    expect(portalForHost('example.com', c)).toBe('cardholder')
    expect(portalForHost(undefined, c)).toBe('cardholder')
  })
})
