import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { ApiError } from '~/lib/api.ts'
import { fieldIssueMessage } from '~/lib/api-messages.ts'
import { businessToday, shiftDate } from '~/lib/business-days.ts'
import { notify } from '~/lib/notify.tsx'
import { useBusinessTimeZone } from '~/lib/time-zone.ts'
import { creditErrorMessage } from './labels.tsx'
import { creditKeys, importBills } from './queries.ts'

/**
 * The CSV import of bills (issue 13, item 3): one row, one bill with one item. All or nothing:
 * when a row is wrong the API issues no bill and names each wrong field by its line in the file,
 * listed here so the owner can fix the file and upload it again. The same file twice issues nothing.
 */

const columnNames: Record<string, MessageDescriptor> = {
  holder_email: msg`Card holder's e-mail`,
  due_date: msg`Due date`,
  description: msg`Description`,
  quantity: msg`Quantity`,
  unit_price: msg`Unit price`,
  vat: msg`VAT`,
  reference: msg`Reference`,
  issue_date: msg`Invoice date`,
  time_zone: msg`Time zone`,
}

interface RowProblem {
  line: number
  column: string
  message: MessageDescriptor
}

/** The API's `rows.<line>.<column>` problems, in line order; the file's own problem as line 0. */
function rowProblems(error: ApiError, locale: string): RowProblem[] {
  return Object.entries(error.fields)
    .flatMap(([key, issues]) => {
      const match = /^rows\.(\d+)\.(.+)$/.exec(key)
      return issues.map((issue) => ({
        line: match ? Number(match[1]) : 0,
        column: match ? match[2]! : '',
        message:
          issue.code === 'not_card_holder'
            ? msg`No card holder has this e-mail address.`
            : fieldIssueMessage(issue, locale),
      }))
    })
    .sort((a, b) => a.line - b.line)
}

export function ImportBillsDialog({ program, onClose }: { program: string; onClose: () => void }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const zone = useBusinessTimeZone()
  const fileId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [problems, setProblems] = useState<RowProblem[]>([])

  const example = shiftDate(businessToday(zone), 14)
  const template = `holder_email,due_date,description,quantity,unit_price,vat,reference\r\nholder@example.com,${example},Consultancy,2,12.50,high,PO-1\r\n`

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!file || busy) return
    setBusy(true)
    setProblems([])
    try {
      const result = await importBills(program, await file.text())
      void queryClient.invalidateQueries({ queryKey: creditKeys.bills() })
      if (result.already_imported) {
        notify.info(msg`This file was imported before: no new bills were issued.`)
      } else {
        const count = result.imported
        notify.success(msg`${plural(count, { one: '# bill issued.', other: '# bills issued.' })}`)
      }
      onClose()
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_failed' && Object.keys(err.fields).length > 0) {
        setProblems(rowProblems(err, i18n.locale))
      } else {
        notify.error(creditErrorMessage(err))
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="import-bills-dialog">
        <DialogHeader>
          <DialogTitle>
            <Trans>Import bills from a CSV file</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              One row is one bill with one item, to a card holder with an account. When any row is wrong, no
              bill is issued: fix the rows listed and upload the file again.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            <Trans>
              Columns: holder_email, due_date (YYYY-MM-DD), description, quantity, unit_price (excluding VAT,
              e.g. 12.50), vat (high, low, zero or exempt), and optionally reference, issue_date and
              time_zone. Commas or semicolons.
            </Trans>
          </p>
          <a
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(template)}`}
            download="bills-template.csv"
            className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <DownloadIcon aria-hidden="true" className="size-4" />
            <Trans>Download a template</Trans>
          </a>
          <div className="grid gap-2">
            <Label htmlFor={fileId}>
              <Trans>CSV file</Trans>
            </Label>
            <Input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              data-testid="import-bills-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null)
                setProblems([])
              }}
            />
          </div>
          {problems.length > 0 && (
            <div role="alert" className="grid gap-2 rounded-md border border-destructive/50 p-3 text-sm">
              <p className="font-medium text-destructive">
                <Trans>No bill was issued. Fix these rows and upload the file again:</Trans>
              </p>
              <ul className="grid gap-1" data-testid="import-bills-problems">
                {problems.map((p) => (
                  <li key={`${p.line}.${p.column}.${i18n._(p.message)}`}>
                    {p.line > 0 && (
                      <span className="font-medium">
                        <Trans>Line {p.line}</Trans>
                        {p.column &&
                          ` · ${columnNames[p.column] ? i18n._(columnNames[p.column]!) : p.column}`}
                        {': '}
                      </span>
                    )}
                    {i18n._(p.message)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!file || busy} data-testid="import-bills-submit">
              {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              <Trans>Import</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
