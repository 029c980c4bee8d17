import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MerchantServer, startMerchantServer } from '../../tests/support/merchant-server.ts'
import { AppError } from '../platform/errors.ts'
import { checkEndpointUrl, isPrivateAddress } from './address-guard.ts'
import { postWebhook } from './transport.ts'

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:a9fe:a9fe]',
    'not-an-ip',
  ])('blocks %s', (a) => expect(isPrivateAddress(a)).toBe(true))

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (a) => expect(isPrivateAddress(a)).toBe(false),
  )
})

async function refusal(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p
    return undefined
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    return (err as AppError).fields?.url?.[0]
  }
}

describe('checkEndpointUrl', () => {
  const strict = { WEBHOOK_ALLOW_PRIVATE: false }
  const lenient = { WEBHOOK_ALLOW_PRIVATE: true }

  it('takes only http(s) URLs without credentials', async () => {
    expect(await refusal(checkEndpointUrl('ftp://example.com/x', lenient))).toBe('must be http or https')
    expect(await refusal(checkEndpointUrl('file:///etc/passwd', lenient))).toBe('must be http or https')
    expect(await refusal(checkEndpointUrl('not a url', lenient))).toMatch(/absolute/)
    expect(await refusal(checkEndpointUrl('https://u:p@example.com/', lenient))).toMatch(/user name/)
    expect(await checkEndpointUrl('https://shop.example.com/hooks?x=1', lenient)).toBe(
      'https://shop.example.com/hooks?x=1',
    )
  })

  it('refuses private and loopback hosts unless allowed (development, tests)', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://localhost/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(await refusal(checkEndpointUrl(url, strict)), url).toMatch(/private or local/)
    }
    expect(await checkEndpointUrl('http://93.184.215.14/hook', strict)).toBe('http://93.184.215.14/hook')
    expect(await checkEndpointUrl('http://localhost:3000/hook', lenient)).toBe('http://localhost:3000/hook')
  })
})

describe('postWebhook', () => {
  let merchant: MerchantServer
  beforeAll(async () => {
    merchant = await startMerchantServer()
  })
  afterAll(() => merchant.close())

  it('refuses at connect time a host that resolves to a private address, and never follows redirects', async () => {
    const port = new URL(merchant.url).port
    const viaName = await postWebhook(`http://localhost:${port}/x`, {}, '{}', {
      timeoutMs: 2000,
      allowPrivate: false,
    })
    expect(viaName).toMatchObject({ ok: false, status: null })
    expect(viaName.error).toMatch(/blocked/)
    const viaIp = await postWebhook(`${merchant.url}/x`, {}, '{}', { timeoutMs: 2000, allowPrivate: false })
    expect(viaIp.error).toMatch(/blocked/)
    expect(merchant.received).toHaveLength(0)

    merchant.on('/moved', { status: 302 })
    const moved = await postWebhook(`${merchant.url}/moved`, {}, '{}', {
      timeoutMs: 2000,
      allowPrivate: true,
    })
    expect(moved).toMatchObject({ ok: false, status: 302, error: null })
    expect(merchant.received).toHaveLength(1)
  })

  it('keeps only the first 2 KB of the answer', async () => {
    merchant.on('/big', { status: 200, body: 'x'.repeat(100_000) })
    const r = await postWebhook(`${merchant.url}/big`, {}, '{}', { timeoutMs: 2000, allowPrivate: true })
    expect(r).toMatchObject({ ok: true, status: 200, error: null })
    expect(r.body).toHaveLength(2048)
  })
})
