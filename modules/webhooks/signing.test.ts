import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateWebhookSecret, isWebhookSecret, signWebhook, verifyWebhookSignature } from './signing.ts'

describe('Standard Webhooks signing', () => {
  const secret = generateWebhookSecret()
  const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', data: { amount: 1250 } })

  it('signs v1,base64(HMAC-SHA256(secret bytes, "id.timestamp.body"))', () => {
    const at = new Date('2026-11-22T10:00:00Z')
    const h = signWebhook(secret, 'msg_1', at, body)
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
    const expected = createHmac('sha256', key)
      .update(`msg_1.${at.getTime() / 1000}.${body}`)
      .digest('base64')
    expect(h).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1795341600',
      'webhook-signature': `v1,${expected}`,
    })
  })

  it('verifies with the secret and fails with another, a changed body or an old timestamp', () => {
    const h = signWebhook(secret, 'msg_2', new Date(), body)
    expect(verifyWebhookSignature(secret, body, h)).toBe(true)
    expect(verifyWebhookSignature(secret, Buffer.from(body), new Headers({ ...h }))).toBe(true)
    expect(verifyWebhookSignature(generateWebhookSecret(), body, h)).toBe(false)
    expect(verifyWebhookSignature(secret, body.replace('1250', '9999'), h)).toBe(false)
    expect(verifyWebhookSignature(secret, body, { ...h, 'webhook-id': 'msg_3' })).toBe(false)
    const old = signWebhook(secret, 'msg_2', new Date(Date.now() - 10 * 60_000), body)
    expect(verifyWebhookSignature(secret, body, old)).toBe(false)
    expect(verifyWebhookSignature(secret, body, {})).toBe(false)
  })

  it('accepts only whsec_ secrets of 24–64 bytes', () => {
    expect(isWebhookSecret(secret)).toBe(true)
    expect(isWebhookSecret(`whsec_${Buffer.alloc(16).toString('base64')}`)).toBe(false)
    expect(isWebhookSecret(`whsec_${Buffer.alloc(65).toString('base64')}`)).toBe(false)
    expect(isWebhookSecret('my-secret-password-123456789')).toBe(false)
  })
})
