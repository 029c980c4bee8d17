import { stringify } from 'csv-stringify/sync'

/**
 * One cell of an export: text as it is, numbers and bigints as their digits, a date as its ISO 8601
 * time, null and undefined as an empty cell.
 */
export type CsvCell = string | number | bigint | Date | null | undefined

/**
 * A CSV file, header first: comma separated, CRLF after every record, a field holding a comma, a
 * double quote or a line break in double quotes with its quotes doubled (RFC 4180), written by
 * csv-stringify rather than by hand.
 *
 * Exports carry text people typed (names, descriptions; food orders and bills next), and a
 * spreadsheet runs a cell starting with `=`, `+`, `-` or `@` (or a tab or carriage return) as a
 * formula: `=HYPERLINK(…)` in a name becomes a link that sends data away when clicked. Such text
 * gets a leading `'`, which spreadsheets show as text (OWASP, CSV Injection). A negative amount
 * passed as a number keeps its minus sign; passed as text, it is guarded too.
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  return stringify([header, ...rows], {
    record_delimiter: 'windows',
    // Without this, naming a record delimiter quotes only that one: a lone LF or CR in a field
    // would start a new row in most readers.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { date: (value) => value.toISOString() },
  })
}
