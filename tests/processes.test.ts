import { spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../scripts/lib/process.ts'
import { createTestContext, type TestContext } from './support/context.ts'
import { eventually } from './support/smtp.ts'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

function startProcess(file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [path.resolve(file)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => {
    output += d
  })
  child.stderr.on('data', (d) => {
    output += d
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

describe('the API process', () => {
  it('refuses to start with a bad setting and names the variable', async () => {
    const p = startProcess('services/api/main.ts', { PORT: 'eighty', REDIS_URL: 'http://nope' })
    expect(await p.exited).toBe(78)
    expect(p.output()).toMatch(/PORT:/)
    expect(p.output()).toMatch(/REDIS_URL: must be a redis:\/\/ URL/)
  })

  it('serves, then shuts down cleanly on SIGTERM, finishing an in-flight request', async () => {
    const port = await freePort()
    const p = startProcess('services/api/main.ts', {
      PORT: String(port),
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_URL: t.config.REDIS_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      LOG_LEVEL: 'info',
    })
    const base = `http://127.0.0.1:${port}`
    await eventually(
      () =>
        fetch(`${base}/api/v1/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      20_000,
      'the API to be ready',
    )
    // A request under way when the signal arrives (its body still arriving) still gets its answer.
    const body = JSON.stringify({
      name: 'Late Sender',
      email: 'late@example.com',
      topic: 'general',
      subject: 'In flight',
      message: 'Sent while the server is shutting down.',
    })
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/api/v1/support/requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.write(body.slice(0, 20))
      setTimeout(() => {
        p.child.kill('SIGTERM')
        setTimeout(() => req.end(body.slice(20)), 300)
      }, 300)
    })
    expect(await answer).toBe(201)
    expect(await p.exited).toBe(0)
    expect(p.output()).toContain('"msg":"stopped"')
    await expect(fetch(`${base}/api/v1/health`)).rejects.toThrow()
  })
})

describe('the worker process', () => {
  it('starts, relays and stops cleanly on SIGTERM', async () => {
    const p = startProcess('services/worker/main.ts', {
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_URL: t.config.REDIS_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      LOG_LEVEL: 'info',
    })
    await eventually(async () => p.output().includes('worker started'), 20_000, 'the worker to start')
    p.child.kill('SIGTERM')
    expect(await p.exited).toBe(0)
    expect(p.output()).toContain('"msg":"stopped"')
  })
})
