import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import areas from '../../catalog-areas.json' with { type: 'json' }

/**
 * Every web catalog must be complete: each message of the English (source) catalog is present in
 * every language with a non-empty translation that keeps the same placeholders. English is only
 * the fallback for gaps, and a gap is a bug. Run `node web/scripts/extract-messages.ts` after
 * changing messages, then fill in the new translations.
 */

const locales = ['en', 'nl', 'de', 'ru', 'uk'] as const
const localesDir = import.meta.dirname

interface Entry {
  key: string
  id: string
  translations: string[]
}

/** A small .po reader: msgctxt, msgid, msgid_plural, msgstr and msgstr[n], with continuation lines. */
function parsePo(source: string): Entry[] {
  const entries: Entry[] = []
  let current: { ctxt?: string; id?: string; strs: string[] } = { strs: [] }
  let field: { name: 'ctxt' | 'id' | 'plural' | 'str'; index: number } | null = null

  const unquote = (quoted: string) => JSON.parse(quoted.replace(/\t/g, '\\t')) as string
  const flush = () => {
    if (current.id !== undefined && current.id !== '') {
      entries.push({
        key: current.ctxt === undefined ? current.id : `${current.ctxt}\u0004${current.id}`,
        id: current.id,
        translations: current.strs,
      })
    }
    current = { strs: [] }
    field = null
  }
  const append = (text: string) => {
    if (!field) return
    if (field.name === 'ctxt') current.ctxt = (current.ctxt ?? '') + text
    else if (field.name === 'id') current.id = (current.id ?? '') + text
    else if (field.name === 'str') current.strs[field.index] = (current.strs[field.index] ?? '') + text
  }

  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '') {
      flush()
      continue
    }
    if (line.startsWith('#')) continue // comments, references, flags and obsolete (#~) entries
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(line)
    if (keyword) {
      const [, name, index, quoted = '""'] = keyword
      if ((name === 'msgctxt' || name === 'msgid') && current.id !== undefined && field?.name === 'str')
        flush()
      if (name === 'msgctxt') field = { name: 'ctxt', index: 0 }
      else if (name === 'msgid') field = { name: 'id', index: 0 }
      else if (name === 'msgid_plural') field = { name: 'plural', index: 0 }
      else field = { name: 'str', index: Number(index ?? 0) }
      if (field.name === 'str') current.strs[field.index] ??= ''
      append(unquote(quoted))
      continue
    }
    if (line.startsWith('"')) {
      append(unquote(line))
      continue
    }
    throw new Error(`unexpected .po line: ${raw}`)
  }
  flush()
  return entries
}

/** The web's catalogs per language (lingui.config.ts): the common one and one per area. */
const catalogNames = ['messages', ...Object.keys(areas.areas)]

/** What an area lists (web/catalog-areas.json): its files, and those outside it may import. */
interface Area {
  paths: string[]
  importable?: string[]
  importers?: string[]
}
const areaList: [string, Area][] = Object.entries(areas.areas)

function readCatalog(locale: string, name: string): Map<string, Entry> {
  const file = path.join(localesDir, locale, `${name}.po`)
  return new Map(parsePo(readFileSync(file, 'utf8')).map((e) => [e.key, e]))
}

/** Placeholders such as `{year}`, `{0}` or tags `<0>`, which a translation must keep. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\s*([\w$]+)[\s,}]/g)].map((m) => `{${m[1]}}`)
  const tags = [...text.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0])
  return [...new Set([...names, ...tags])].sort()
}

describe('web catalogs', () => {
  it.each(catalogNames)('have English messages to compare with (%s)', (name) => {
    expect(readCatalog('en', name).size).toBeGreaterThan(0)
  })

  it('the parser reads continuation lines, plurals and context', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr "Language: nl\\n"',
        '',
        'msgctxt "menu"',
        'msgid "Open"',
        'msgstr "Openen"',
        '',
        'msgid ""',
        '"A long "',
        '"message"',
        'msgstr ""',
        '"Een lang "',
        '"bericht"',
        '',
        'msgid "{n} card"',
        'msgid_plural "{n} cards"',
        'msgstr[0] "{n} kaart"',
        'msgstr[1] ""',
      ].join('\n'),
    )
    expect(entries).toEqual([
      { key: 'menu\u0004Open', id: 'Open', translations: ['Openen'] },
      { key: 'A long message', id: 'A long message', translations: ['Een lang bericht'] },
      { key: '{n} card', id: '{n} card', translations: ['{n} kaart', ''] },
    ])
  })

  it('are made from files that exist (web/catalog-areas.json)', () => {
    const root = path.resolve(localesDir, '../../..')
    const listed = areaList.flatMap(([, area]) => [
      ...area.paths,
      ...(area.importable ?? []),
      ...(area.importers ?? []),
    ])
    expect(listed.filter((file) => !existsSync(path.join(root, file)))).toEqual([])
  })

  it.each(areaList)('have no text from the files of area %s other areas may import', (name, area) => {
    // .dependency-cruiser.mjs lets other pages import these files of an area because they have no texts.
    const catalog = readFileSync(path.join(localesDir, 'en', `${name}.po`), 'utf8')
    const found = (area.importable ?? []).filter((file) => catalog.includes(`#: ${file}`))
    expect(found).toEqual([])
  })

  it.each(catalogNames)('nl/%s.po calls a bill "rekening" throughout, as its screens do', (name) => {
    // The bill screens say "Rekeningen"; their figures and the CSV import said "2 facturen", which
    // reads as another thing. "Factuur" stays for the invoice (its PDF) and the billing address.
    const mixed = [...readCatalog('nl', name).values()]
      .filter((e) => /\bbills?\b/i.test(e.id) && !/invoice/i.test(e.id))
      .filter((e) => e.translations.some((t) => /factu/i.test(t)))
      .map((e) => e.id)
    expect(mixed).toEqual([])
  })

  it.each(locales)('%s/food.po asks "delivery or pickup?" in the words of its two choices', (locale) => {
    // The location dialog asked "Bezorgen of ophalen?" above the choices "Bezorging" and "Afhalen".
    const food = readCatalog(locale, 'food')
    const word = (key: string) => food.get(key)?.translations[0]?.toLowerCase() ?? `(no ${key})`
    const choices = [word('delivery mode\u0004Delivery'), word('delivery mode\u0004Pickup')]
    for (const question of ['Delivery or pickup?', 'Delivery or pickup'])
      for (const choice of choices) expect(word(question), `${locale}: ${question}`).toContain(choice)
  })

  for (const locale of locales)
    for (const name of catalogNames) {
      describe(`${locale}/${name}.po`, () => {
        const english = readCatalog('en', name)
        const catalog = readCatalog(locale, name)

        it('has every English message', () => {
          const missing = [...english.keys()].filter((key) => !catalog.has(key))
          expect(missing, `messages missing from ${locale}/${name}.po`).toEqual([])
        })

        it('has no message English lacks', () => {
          const extra = [...catalog.keys()].filter((key) => !english.has(key))
          expect(extra, `stale messages in ${locale}/${name}.po (extract with --clean)`).toEqual([])
        })

        it('translates every message', () => {
          const empty = [...catalog.values()]
            .filter((e) => e.translations.length === 0 || e.translations.some((t) => t.trim() === ''))
            .map((e) => e.id)
          expect(empty, `untranslated messages in ${locale}/${name}.po`).toEqual([])
        })

        it('holds one language per message, not a map of them', () => {
          // A translation pasted as {'nl': '…', 'de': '…'} showed that whole map on the credit wizard.
          const pasted = [...catalog.values()]
            .filter((e) => e.translations.some((t) => /\{\s*['"](nl|en|de|ru|uk)['"]\s*:/.test(t)))
            .map((e) => e.id)
          expect(pasted, `translations in ${locale}/${name}.po that hold several languages`).toEqual([])
        })

        it('keeps the placeholders of each message', () => {
          const broken = [...catalog.values()]
            .filter((e) => e.translations.some((t) => placeholders(t).join() !== placeholders(e.id).join()))
            .map((e) => e.id)
          expect(broken, `translations in ${locale}/${name}.po that lose or add placeholders`).toEqual([])
        })
      })
    }
})
