import { inflateSync } from 'node:zlib'

/**
 * The text of a PDF that `renderReceiptPdf` made, one line per text run, for tests: what a reader
 * would copy out of the receipt. Embedded fonts store glyph ids, not letters, so it maps them back
 * through each font's ToUnicode table. Handles pdfkit's output only (no general PDF parser).
 */
export function pdfText(pdf: Uint8Array): string {
  const source = Buffer.from(pdf).toString('latin1')
  const objects = new Map<number, { dict: string; data: string }>()
  // Objects are read one after the other; a stream is taken by its /Length, never by searching for
  // `endstream`/`endobj`, which compressed bytes can contain by chance.
  const header = /(\d+) 0 obj\b/g
  for (let m = header.exec(source); m; m = header.exec(source)) {
    const start = m.index + m[0].length
    const streamAt = source.slice(start).search(/\bstream\r?\n/)
    const endAt = source.indexOf('endobj', start)
    if (streamAt === -1 || (endAt !== -1 && start + streamAt > endAt)) {
      objects.set(Number(m[1]), { dict: source.slice(start, endAt === -1 ? undefined : endAt), data: '' })
      continue
    }
    const dict = source.slice(start, start + streamAt)
    const dataStart = source.indexOf('\n', start + streamAt) + 1
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? Number.NaN)
    const raw = Number.isFinite(length)
      ? source.slice(dataStart, dataStart + length)
      : source.slice(dataStart, source.indexOf('endstream', dataStart)).replace(/\r?\n$/, '')
    let data = raw
    if (dict.includes('/FlateDecode')) {
      try {
        data = inflateSync(Buffer.from(raw, 'latin1')).toString('latin1')
      } catch {
        data = ''
      }
    }
    objects.set(Number(m[1]), { dict, data })
    const objectEnd = source.indexOf('endobj', dataStart + (Number.isFinite(length) ? length : 0))
    if (objectEnd === -1) break
    header.lastIndex = objectEnd + 'endobj'.length
  }

  // Font resource name (F1, F2, …) → glyph id → text.
  const fonts = new Map<string, Map<number, string>>()
  for (const { dict } of objects.values()) {
    for (const f of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]))
      const ref = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict)
      const cmap = ref ? (objects.get(Number(ref[1]))?.data ?? '') : ''
      const glyphs = new Map<number, string>()
      for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi)) {
        const first = Number.parseInt(range[1] ?? '0', 16)
        // A target is one or more UTF-16 units (`<0066 0066>`: the glyph of the ligature ff).
        const targets = [...(range[2] ?? '').matchAll(/<([0-9a-f\s]+)>/gi)]
        targets.forEach((u, i) => {
          const units = (u[1] ?? '').replace(/\s+/g, '').match(/.{4}/g) ?? []
          glyphs.set(first + i, String.fromCharCode(...units.map((h) => Number.parseInt(h, 16))))
        })
      }
      fonts.set(f[1] ?? '', glyphs)
    }
  }

  const lines: string[] = []
  for (const { data } of objects.values()) {
    if (!data.includes(' Tf')) continue
    let glyphs = new Map<number, string>()
    for (const op of data.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) {
        glyphs = fonts.get(op[1]) ?? new Map()
        continue
      }
      const codes = [...(op[2] ?? '').matchAll(/<([0-9a-f]+)>/gi)].flatMap((h) => h[1]?.match(/.{4}/g) ?? [])
      lines.push(codes.map((c) => glyphs.get(Number.parseInt(c, 16)) ?? '\uFFFD').join(''))
    }
  }
  return lines.join('\n')
}
