import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ChevronDownIcon } from 'lucide-react'
import type { Program } from '~/components/programs/queries.ts'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { notify } from '~/lib/notify.tsx'
import { LadderEditor } from './ladder-editor.tsx'
import { LadderPreview } from './ladder-preview.tsx'
import { ladderQueryOptions } from './queries.ts'
import { CreditSettingsForm, SettingsSaveButton } from './settings-form.tsx'

/**
 * A credit management program's reminders on its page: the ladder (changes apply to open bills'
 * reminders not sent yet), its preview, and the bill contact and settings behind a disclosure.
 */
export function CreditRemindersSection({ program, canEdit }: { program: Program; canEdit: boolean }) {
  const ladder = useQuery(ladderQueryOptions(program.uuid))
  return (
    <Card data-testid="credit-reminders">
      <CardHeader>
        <CardTitle>
          <Trans>Reminders</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            The e-mails unpaid bills get. Changes apply to reminders of open bills that are not sent yet.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {ladder.isPending ? (
          <RowsSkeleton rows={3} />
        ) : ladder.isError ? (
          <LoadError onRetry={() => ladder.refetch()} />
        ) : (
          <>
            <p className="text-sm">
              <Trans>Program id</Trans>:{' '}
              <span className="font-mono font-medium">{ladder.data.settings.code}</span>
            </p>
            <LadderEditor
              program={program.uuid}
              ladder={ladder.data}
              currency={program.currency}
              canEdit={canEdit}
            />
            {ladder.data.results.length > 0 && (
              <LadderPreview program={program.uuid} currency={program.currency} />
            )}
            {canEdit && (
              <details className="group rounded-lg border px-4 py-3" data-testid="credit-settings">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium">
                  <Trans>Bill contact and settings</Trans>
                  <ChevronDownIcon
                    aria-hidden="true"
                    className="size-4 transition-transform group-open:rotate-180"
                  />
                </summary>
                <div className="mt-4">
                  <CreditSettingsForm
                    program={program.uuid}
                    ladder={ladder.data}
                    onSaved={() => notify.success(msg`Settings saved`)}
                  >
                    {(saving) => (
                      <div className="flex justify-end border-t pt-4">
                        <SettingsSaveButton saving={saving} label={<Trans>Save settings</Trans>} />
                      </div>
                    )}
                  </CreditSettingsForm>
                </div>
              </details>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
