/**
 * The web app's API types, generated from the OpenAPI document with openapi-typescript: every
 * route's request and response shapes (`paths`, `operations`) and named schemas (`components`),
 * the closed lists of error reasons (`ErrorReason`) and field error codes (`FieldErrorCode`).
 * The document is the one `/api/v1/openapi.json` answers, built without a server: the app is put
 * together over stand-in services that nothing calls.
 *
 *   npm run api:types                      rewrites web/src/lib/api-types.gen.ts
 *   node scripts/openapi.ts --verify       fails when that file is not what the API says (npm test)
 *   node scripts/openapi.ts --json FILE    writes the document itself
 *
 * openapi-typescript stays on 6.x: 7.x needs the TypeScript 5 compiler API as a peer, which the
 * project's TypeScript 7 does not offer (npm refuses to install it).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import openapiTS, { type OpenAPI3 } from 'openapi-typescript'
import { modules } from '../modules/index.ts'
import { loadConfig } from '../modules/platform/config.ts'
import type { Services } from '../modules/platform/module.ts'
import { newApp, openApiDocument } from '../services/api/app.ts'

export const typesFile = path.resolve(import.meta.dirname, '../web/src/lib/api-types.gen.ts')

/** The document of the app with every module's routes; nothing is connected to. */
export function buildDocument(): OpenAPI3 {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
  const unused = new Proxy(
    {},
    {
      get(_, key) {
        throw new Error(`the OpenAPI document is built without services (read ${String(key)})`)
      },
    },
  )
  const services = {
    config,
    db: unused,
    redis: unused,
    queues: unused,
    mailer: unused,
    log: unused,
  } as Services
  return openApiDocument(newApp({ services, modules }), modules) as OpenAPI3
}

const header = `/**
 * The API's types, generated from its OpenAPI document by openapi-typescript (scripts/openapi.ts).
 * Do not edit: \`npm run api:types\` rewrites this file, and \`npm test\` fails when it is stale.
 */

`

/** Short names for what the screens use most. */
const aliases = `
/** A named schema of the API (\`Schema<'Program'>\`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]
/** Why the API refused a call, from the closed lists of the modules' errors.ts. */
export type ErrorReason = components['schemas']['ErrorReason']
/** What is wrong with one field of a refused call. */
export type FieldErrorCode = components['schemas']['FieldErrorCode']
/** The JSON body of a route's successful answer (\`ApiResponse<'/api/v1/user/profile', 'get'>\`). */
export type ApiResponse<
  Path extends keyof paths,
  Method extends keyof paths[Path],
  Status extends number = 200,
> = paths[Path][Method] extends { responses: infer R }
  ? Status extends keyof R
    ? R[Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never
  : never
`

export async function generateTypes(): Promise<string> {
  const body = await openapiTS(buildDocument(), { alphabetize: true, silent: true, commentHeader: header })
  return `${body}${aliases}`
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { verify: { type: 'boolean' }, json: { type: 'string' } } })
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify(buildDocument(), null, 2)}\n`)
  } else if (values.verify) {
    const current = readFileSync(typesFile, 'utf8')
    if (current !== (await generateTypes())) {
      console.error(`${path.relative(process.cwd(), typesFile)} is stale: run npm run api:types`)
      process.exit(1)
    }
    console.log('API types match the OpenAPI document')
  } else {
    writeFileSync(typesFile, await generateTypes())
    console.log(`wrote ${path.relative(process.cwd(), typesFile)}`)
  }
}
