import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface MerchantEndpoint {
  url: string
  /** Every request received, oldest first: headers and the body as text. */
  received: { headers: http.IncomingHttpHeaders; body: string }[]
  close: () => Promise<void>
}

/**
 * A merchant's notification endpoint on this machine (an ephemeral port on 127.0.0.1), answering
 * 200 to everything and recording what it receives. Close it when the test ends.
 */
export async function merchantEndpoint(path = '/hooks'): Promise<MerchantEndpoint> {
  const received: MerchantEndpoint['received'] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
