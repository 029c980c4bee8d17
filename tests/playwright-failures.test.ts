import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type PlaywrightReport, playwrightFailures } from '../scripts/lib/playwright-failures.ts'

/**
 * What `npm test` shows at its end for failed browser tests. The fixture is the JSON report of a
 * real run (`--reporter=list,json`) of a throwaway spec with one failed assertion, one passing test
 * and one thrown error (paths rewritten to /repo), whose list output ended with attachment paths.
 */
const report = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures', 'playwright-report.json'), 'utf8'),
) as PlaywrightReport

describe('the failure summary of the browser tests', () => {
  it("names each failed test and shows its assertion, not its attachments' paths", () => {
    expect(playwrightFailures(report, '/repo')).toEqual([
      '1) [chromium] › tests/browser/sample.spec.ts:3:3 › checkout › shows the total — failed',
      '    Error: expect(locator).toHaveText(expected) failed',
      '',
      "    Locator:  getByRole('heading')",
      '    Expected: "Total € 12,00"',
      '    Received: "Total € 12,50"',
      '    Timeout:  500ms',
      '',
      '    Call log:',
      '      - Expect "toHaveText" getByRole(\'heading\') with timeout 500ms',
      "      - waiting for getByRole('heading')",
      '        3 × locator resolved to <h1>Total € 12,50</h1>',
      '          - unexpected value "Total € 12,50"',
      '        at tests/browser/sample.spec.ts:5:45',
      '',
      '2) [chromium] › tests/browser/sample.spec.ts:12:1 › throws plainly — failed',
      '    Error: no order row for session abc',
      '        at tests/browser/sample.spec.ts:13:9',
    ])
  })

  it('says how often a retried test ran, keeps every error of its last run, and errors outside tests', () => {
    const lines = playwrightFailures(
      {
        config: { rootDir: '/repo/tests/browser' },
        suites: [
          {
            title: 'food.spec.ts',
            file: 'food.spec.ts',
            specs: [
              {
                title: 'a guest orders',
                file: 'food.spec.ts',
                line: 40,
                column: 1,
                tests: [
                  {
                    projectName: 'chromium',
                    status: 'unexpected',
                    results: [
                      { status: 'failed', retry: 0, errors: [{ message: 'Error: first try' }] },
                      {
                        status: 'timedOut',
                        retry: 1,
                        errors: [
                          { message: 'Test timeout of 30000ms exceeded.' },
                          {
                            message: `Error: locator.click: Test timeout of 30000ms exceeded.\n${'  - waiting\n'.repeat(40)}`,
                            location: { file: '/repo/tests/browser/food.spec.ts', line: 52, column: 7 },
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                title: 'a flaky one',
                file: 'food.spec.ts',
                line: 60,
                column: 1,
                tests: [{ projectName: 'chromium', status: 'flaky', results: [] }],
              },
            ],
          },
        ],
        errors: [{ message: 'Error: Timed out waiting 300000ms from config.webServer.' }],
      },
      '/repo',
    )
    expect(lines.slice(0, 4)).toEqual([
      '1) [chromium] › tests/browser/food.spec.ts:40:1 › a guest orders — timedOut (2 tries)',
      '    Test timeout of 30000ms exceeded.',
      '    Error: locator.click: Test timeout of 30000ms exceeded.',
      '      - waiting',
    ])
    expect(lines).toContain('    … 17 more lines')
    expect(lines).not.toContain('    Error: first try')
    expect(lines.join('\n')).not.toContain('a flaky one')
    expect(lines.slice(-2)).toEqual([
      '2) error outside any test',
      '    Error: Timed out waiting 300000ms from config.webServer.',
    ])
  })
})
