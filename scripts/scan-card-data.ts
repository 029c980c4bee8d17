/**
 * After the browser tests: looks through the browser-test platform's whole database and its log
 * file for card numbers (Luhn-valid digit runs) and the CVCs the tests typed. Exit 1 with the
 * findings if there is any. Run by the test command; by hand:
 *
 *   node scripts/scan-card-data.ts <database url> <log file>
 */
import { existsSync, readFileSync } from 'node:fs'
import { cardNumbersIn, scanDatabaseForCardData } from '../tests/support/card-data-scan.ts'

const [databaseUrl, logFile] = process.argv.slice(2)
if (!databaseUrl || !logFile) {
  console.error('usage: node scripts/scan-card-data.ts <database url> <log file>')
  process.exit(2)
}
/** CVCs the browser tests type (tests/browser/payments.spec.ts). */
const cvcs = ['737', '123']

const findings = await scanDatabaseForCardData(databaseUrl, { cvcs })
let lines = 0
if (existsSync(logFile)) {
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    lines++
    for (const hit of cardNumbersIn(line)) findings.push(`log line ${lines}: …${hit}…`)
    for (const cvc of cvcs)
      if (new RegExp(`cvc\\W{1,4}${cvc}\\b`, 'i').test(line)) findings.push(`log line ${lines}: cvc`)
  }
} else {
  findings.push(`no log file at ${logFile}: nothing to scan`)
}
if (findings.length) {
  console.error(`card data found:\n  ${findings.join('\n  ')}`)
  process.exit(1)
}
console.log(`no card number or CVC in the database or in ${lines} log lines`)
