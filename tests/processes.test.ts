import { spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freePort, isAlive, waitForExit } from '../scripts/lib/process.ts'
import { createTestContext, type TestContext } from './support/context.ts'
import { eventually } from './support/smtp.ts'

// Each test starts a process and waits for it: room for a slow start on a busy machine.
vi.setConfig({ testTimeout: 90_000 })

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

function startProcess(file: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [path.resolve(file)], {
    // No mail leaves these processes: a platform started on this machine (`npm start`) has its
    // mail capture on the default SMTP port, and must not receive the tests' e-mails.
    env: { ...process.env, SMTP_URL: 'smtp://127.0.0.1:1', ...env },
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

/**
 * A TCP relay to a backing service, so a test can take the service away from one process (every
 * open connection cut, new ones refused) without stopping the shared PostgreSQL or Redis.
 */
async function relayTo(target: string) {
  const { hostname, port } = new URL(target)
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => s.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  const url = new URL(target)
  url.port = String(address.port)
  url.hostname = '127.0.0.1'
  return {
    url: url.toString(),
    /** The service is gone: open connections are reset and new ones refused. */
    cut() {
      server.close()
      for (const s of sockets) s.resetAndDestroy()
    },
  }
}

/** Starts a process on relays to PostgreSQL and Redis, waits for `ready`, then cuts both away. */
async function startThenLoseServices(
  file: string,
  ready: (p: ReturnType<typeof startProcess>) => Promise<boolean>,
  env: Record<string, string> = {},
) {
  const pg = await relayTo(t.config.DATABASE_URL)
  const redis = await relayTo(t.config.REDIS_URL)
  const p = startProcess(file, {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: t.config.REDIS_PREFIX,
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_MS: '3000',
    ...env,
  })
  await eventually(() => ready(p), 45_000, `${file} to be ready`)
  pg.cut()
  redis.cut()
  return p
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
      45_000,
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

describe('without PostgreSQL and Redis', () => {
  // A process whose database and Redis are gone still stops within SHUTDOWN_TIMEOUT_MS (3 s here)
  // of SIGTERM: closing pools and queues must not wait for servers that will not answer.
  it('the API stops within its shutdown timeout', async () => {
    const port = await freePort()
    const p = await startThenLoseServices(
      'services/api/main.ts',
      () =>
        fetch(`http://127.0.0.1:${port}/api/v1/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      { PORT: String(port) },
    )
    const started = Date.now()
    p.child.kill('SIGTERM')
    await p.exited
    expect(Date.now() - started).toBeLessThan(3000 + 1000)
    expect(p.child.exitCode).not.toBeNull()
  })

  it('the worker stops within its shutdown timeout', async () => {
    const p = await startThenLoseServices('services/worker/main.ts', async (w) =>
      w.output().includes('worker started'),
    )
    const started = Date.now()
    p.child.kill('SIGTERM')
    await p.exited
    expect(Date.now() - started).toBeLessThan(3000 + 1000)
  })
})

describe("the launcher's children", () => {
  // `npm start` killed hard (kill -9, a closed terminal) cannot stop its children itself: the
  // kernel does it (scripts/lib/process.ts starts them under setpriv --pdeathsig).
  it('exit when the launcher is killed with SIGKILL', async () => {
    const launcher = startProcess('tests/fixtures/child-launcher.ts', {})
    await eventually(async () => /child (\d+)/.test(launcher.output()), 10_000, 'the child to start')
    const childPid = Number(/child (\d+)/.exec(launcher.output())?.[1])
    expect(isAlive(childPid)).toBe(true)
    launcher.child.kill('SIGKILL')
    await launcher.exited
    expect(await waitForExit(childPid, 5000)).toBe(true)
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
    await eventually(async () => p.output().includes('worker started'), 45_000, 'the worker to start')
    p.child.kill('SIGTERM')
    expect(await p.exited).toBe(0)
    expect(p.output()).toContain('"msg":"stopped"')
  })
})
