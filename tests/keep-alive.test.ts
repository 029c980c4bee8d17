import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLiveTestContext, type LiveTestContext } from './support/live.ts'

/**
 * A request refused before its body was read (no token, a bad path parameter, a body over the
 * limit) leaves the connection usable: the next request on it is answered, or the server closes
 * the connection so the client knows to open another. It never hangs (issue 12, item 14).
 */

let t: LiveTestContext
beforeAll(async () => {
  t = await createLiveTestContext({ worker: false })
})
afterAll(() => t.close())

/** Sends a request with a body and, on the same connection, a second request; answers what came back. */
function pipelined(requestLine: string, body: Buffer): Promise<{ statuses: string[]; closed: boolean }> {
  const port = Number(new URL(t.url).port)
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let data = ''
    const done = (closed: boolean) => {
      socket.destroy()
      resolve({ statuses: data.match(/HTTP\/1\.1 \d{3} [^\r]*/g) ?? [], closed })
    }
    const timer = setTimeout(() => done(false), 5000)
    socket.on('data', (d) => {
      data += d.toString()
      if ((data.match(/HTTP\/1\.1 /g) ?? []).length === 2 && data.includes('"status"')) {
        clearTimeout(timer)
        done(false)
      }
    })
    socket.on('close', () => {
      clearTimeout(timer)
      done(true)
    })
    socket.on('error', () => undefined)
    socket.write(
      `${requestLine}\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    )
    socket.write(body, () => socket.write('GET /api/v1/health HTTP/1.1\r\nhost: x\r\n\r\n'))
  })
}

describe('a keep-alive connection after an early refusal', () => {
  it('answers the next request after a refused body within the limit', async () => {
    const body = Buffer.from(JSON.stringify({ amount: 1, description: 'x'.repeat(200_000) }))
    const res = await pipelined('POST /api/v1/payment/payments/not-a-uuid/refunds HTTP/1.1', body)
    expect(res.statuses).toEqual(['HTTP/1.1 401 Unauthorized', 'HTTP/1.1 200 OK'])
  })

  it('closes the connection after a body over the limit instead of leaving the next request unanswered', async () => {
    const body = Buffer.alloc(t.config.BODY_LIMIT + 1000, 'a')
    const res = await pipelined('POST /api/v1/payment/payments/not-a-uuid/refunds HTTP/1.1', body)
    expect(res.statuses[0]).toBe('HTTP/1.1 413 Payload Too Large')
    expect(res.closed || res.statuses[1] === 'HTTP/1.1 200 OK').toBe(true)
  })
})
