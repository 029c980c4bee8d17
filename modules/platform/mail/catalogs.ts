import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { compiledCatalogPath, localesDir, type MailLocale, mailLocales } from './i18n.ts'

/**
 * Build tool for the e-mail catalog (development only; imports devDependencies):
 *
 *   node modules/platform/mail/catalogs.ts extract   # source → locales/<locale>/messages.po
 *   node modules/platform/mail/catalogs.ts compile   # .po → locales/<locale>/messages.json (committed)
 *
 * It works on the e-mail catalog of `lingui.config.ts` alone, so it never rewrites the web
 * catalogs (`npx lingui extract` would do both and is fine too). The .po files are the source of
 * truth for translations; the JSON is their compiled form, loaded by `i18n.ts` at run time.
 */

const rootDir = path.resolve(import.meta.dirname, '../../..')

export async function mailCatalog() {
  const config = getConfig({ cwd: rootDir })
  const catalogs = await getCatalogs(config)
  const catalog = catalogs.find((c) => path.resolve(c.path).startsWith(`${localesDir}${path.sep}`))
  if (!catalog) throw new Error(`lingui.config.ts has no catalog under ${localesDir}`)
  return { config, catalog }
}

/** Compiles every locale's .po in memory, English filling any gap; throws on invalid ICU syntax. */
export async function compileMailCatalogs(): Promise<Record<MailLocale, Record<string, unknown>>> {
  const { config, catalog } = await mailCatalog()
  const out = {} as Record<MailLocale, Record<string, unknown>>
  for (const locale of mailLocales) {
    const { messages } = await catalog.getTranslations(locale, {
      sourceLocale: config.sourceLocale,
      fallbackLocales: config.fallbackLocales,
    })
    const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json', strict: true })
    if (errors.length > 0) {
      const list = errors.map((e) => `  ${e.id}: ${e.error.message}`).join('\n')
      throw new Error(`invalid messages in the ${locale} e-mail catalog:\n${list}`)
    }
    out[locale] = (JSON.parse(source) as { messages: Record<string, unknown> }).messages
  }
  return out
}

async function extract(): Promise<void> {
  const { catalog } = await mailCatalog()
  const ok = await catalog.make({ clean: true, overwrite: false, orderBy: 'messageId' })
  if (!ok) throw new Error('extraction failed')
  console.log(`extracted e-mail messages into ${path.relative(rootDir, localesDir)}/<locale>/messages.po`)
}

async function compile(): Promise<void> {
  const compiled = await compileMailCatalogs()
  const files: string[] = []
  for (const locale of mailLocales) {
    const file = compiledCatalogPath(locale)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify({ messages: compiled[locale] })}\n`)
    files.push(file)
  }
  // Keep the generated JSON in the formatter's shape so `biome check` stays clean.
  execFileSync(path.join(rootDir, 'node_modules/.bin/biome'), ['format', '--write', ...files], {
    stdio: 'ignore',
  })
  console.log(`compiled ${files.length} e-mail catalogs`)
}

if (import.meta.main) {
  const command = process.argv[2]
  if (command === 'extract') await extract()
  else if (command === 'compile') await compile()
  else {
    console.error('usage: node modules/platform/mail/catalogs.ts extract|compile')
    process.exitCode = 2
  }
}
