import path from 'node:path'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'

/**
 * Extracts the web catalogs alone (web/src → web/src/locales/<locale>/{messages,portal,help}.po),
 * leaving the e-mail catalog of the same lingui.config.ts untouched; `npx lingui extract` would do
 * all.
 * Obsolete messages are removed so the completeness test sees exactly what the code uses. A message
 * that moves from one catalog to another (web/catalog-areas.json changed) keeps its translations.
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

// What every language says now, from all web catalogs: a message that moves to another catalog
// (its file joined the portal area, say) keeps its translations there.
const known = new Map<string, Map<string, string>>()
for (const catalog of catalogs) {
  for (const [locale, messages] of Object.entries(await catalog.readAll())) {
    const translations = known.get(locale) ?? new Map<string, string>()
    known.set(locale, translations)
    for (const [id, message] of Object.entries(messages ?? {})) {
      if (message.translation) translations.set(id, message.translation)
    }
  }
}

for (const catalog of catalogs) {
  const ok = await catalog.make({ clean: true, overwrite: false, orderBy: 'messageId' })
  if (!ok) throw new Error(`extraction failed for ${catalog.path}`)
  let carried = 0
  for (const locale of catalog.locales) {
    if (locale === config.sourceLocale) continue
    const messages = await catalog.read(locale)
    if (!messages) continue
    let changed = false
    for (const [id, message] of Object.entries(messages)) {
      const translation = known.get(locale)?.get(id)
      if (message.translation || !translation) continue
      message.translation = translation
      changed = true
      carried++
    }
    if (changed) await catalog.write(locale, messages)
  }
  console.log(
    `extracted web messages into ${path.relative(rootDir, catalog.path)}.po` +
      (carried ? ` (${carried} translations carried over from the other catalogs)` : ''),
  )
}
