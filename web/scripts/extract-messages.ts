import path from 'node:path'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'

/**
 * Extracts the web catalog alone (web/src → web/src/locales/<locale>/messages.po), leaving the
 * e-mail catalog of the same lingui.config.ts untouched; `npx lingui extract` would do both.
 * Obsolete messages are removed so the completeness test sees exactly what the code uses.
 *
 *   node web/scripts/extract-messages.ts
 */
const rootDir = path.resolve(import.meta.dirname, '../..')
const localesDir = path.join(rootDir, 'web/src/locales')

const config = getConfig({ cwd: rootDir })
const catalog = (await getCatalogs(config)).find((c) =>
  path.resolve(c.path).startsWith(`${localesDir}${path.sep}`),
)
if (!catalog) throw new Error(`lingui.config.ts has no catalog under ${localesDir}`)
const ok = await catalog.make({ clean: true, overwrite: false, orderBy: 'messageId' })
if (!ok) throw new Error('extraction failed')
console.log(`extracted web messages into ${path.relative(rootDir, localesDir)}/<locale>/messages.po`)
