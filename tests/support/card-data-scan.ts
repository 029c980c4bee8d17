import pg from 'pg'
import { luhn } from '../../modules/payments/card-numbers.ts'

/**
 * Looks for card numbers and CVCs in every row of every table of a database (each row as text),
 * the way an auditor would grep a dump: any 15 or 16 digit run (the lengths of the cards
 * accepted here; shorter runs are timestamps and ids) standing on its own, not inside a hex or
 * base64 string (single spaces allowed between groups), that passes the Luhn check; and any of the
 * given CVCs next to a `cvc` key.
 * Returns the findings as `table: excerpt`.
 */
export async function scanDatabaseForCardData(
  databaseUrl: string,
  opts: { cvcs?: readonly string[] } = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const findings: string[] = []
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    )
    for (const t of tables.rows) {
      const rows = await client.query<{ row: string }>(
        `select t::text as row from "${t.schema}"."${t.name}" t`,
      )
      for (const { row } of rows.rows) {
        for (const hit of cardNumbersIn(row)) findings.push(`${t.name}: …${hit}…`)
        for (const cvc of opts.cvcs ?? []) {
          if (new RegExp(`cvc\\W{1,4}${cvc}\\b`, 'i').test(row)) findings.push(`${t.name}: cvc ${cvc}`)
        }
      }
    }
  } finally {
    await client.end()
  }
  return findings
}

/** Card-number-like digit runs in a text that pass the Luhn check. */
export function cardNumbersIn(text: string): string[] {
  const hits: string[] = []
  for (const match of text.matchAll(/(?<![\dA-Za-z_-])\d(?: ?\d){14,15}(?![\dA-Za-z_-])/g)) {
    const digits = match[0].replace(/ /g, '')
    if (luhn(digits) && !/^(\d)\1+$/.test(digits)) hits.push(match[0])
  }
  return hits
}
