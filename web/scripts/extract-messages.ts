import path from 'node:path'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'

/**
 * Extracts the web catalogs alone (web/src → web/src/locales/<locale>/{messages,portal,help}.po),
 * leaving the e-mail catalog of the same lingui.config.ts untouched; `npx lingui extract` would do
 * all.
 * Obsolete messages are removed so the completeness test sees exactly what the code uses.
 *
 *   node web/scripts/extract-messages.ts
 */
const rootDir = path.resolve(import.meta.dirname, '../..')
const localesDir = path.join(rootDir, 'web/src/locales')

const config = getConfig({ cwd: rootDir })
const catalogs = (await getCatalogs(config)).filter((c) =>
  path.resolve(c.path).startsWith(`${localesDir}${path.sep}`),
)
if (catalogs.length === 0) throw new Error(`lingui.config.ts has no catalog under ${localesDir}`)
for (const catalog of catalogs) {
  const ok = await catalog.make({ clean: true, overwrite: false, orderBy: 'messageId' })
  if (!ok) throw new Error(`extraction failed for ${catalog.path}`)
  console.log(`extracted web messages into ${path.relative(rootDir, catalog.path)}.po`)
}
