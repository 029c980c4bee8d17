import path from 'node:path'
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose'
import { freePort, startChild } from './process.ts'

/**
 * The API process the benchmarks load (`npm run bench`, `node scripts/bench-credit.ts --list`): its
 * own process as in production, `NODE_ENV=production` with freshly made signing keys, on a scratch
 * database and Redis prefix, the limits against card testing lifted (the load comes from one
 * address, one test card, one device). `ready()` waits until it answers.
 */
export async function startBenchApi(opts: {
  dbUrl: string
  redisUrl: string
  redisPrefix: string
  /** Node's own flags for the API process (a CPU profile, say). */
  nodeArgs?: string[]
  /** More environment for the API (and for a worker started with the returned `env`). */
  env?: NodeJS.ProcessEnv
  /** The checkout whose API runs (default this one): another one's, to compare with it. */
  root?: string
}) {
  const root = opts.root ?? path.resolve(import.meta.dirname, '../..')
  const keys = await generateKeyPair('EdDSA', { extractable: true })
  const port = await freePort()
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: opts.dbUrl,
    REDIS_URL: opts.redisUrl,
    REDIS_PREFIX: opts.redisPrefix,
    LOG_LEVEL: 'warn',
    TOKEN_PRIVATE_KEY: await exportPKCS8(keys.privateKey),
    TOKEN_PUBLIC_KEY: await exportSPKI(keys.publicKey),
    DATA_ENCRYPTION_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'),
    PAY_LIMIT_PER_ADDRESS: '100000000',
    PAY_LIMIT_PER_PAYMENT: '100000000',
    PAY_LIMIT_PER_CARD: '100000000',
    PAY_LIMIT_PER_DEVICE: '100000000',
    ...opts.env,
  }
  const api = startChild({
    name: 'api',
    command: process.execPath,
    args: [...(opts.nodeArgs ?? []), path.join(root, 'services/api/main.ts')],
    cwd: root,
    env: { ...env, PORT: String(port) },
  })
  /** Waits until `/api/v1/ready` answers (the API migrates its scratch database first). */
  const ready = async () => {
    for (let i = 0; ; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/ready`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return
      // Two minutes: the reference data takes long to load on a busy machine.
      if (i > 800) throw new Error(`API did not become ready:\n${api.lastOutput()}`)
      await new Promise((r) => setTimeout(r, 150))
    }
  }
  return { api, port, env, ready }
}
