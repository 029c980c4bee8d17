import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronDownIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react'
import { type Program, programKeys } from '~/components/programs/queries.ts'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { notify } from '~/lib/notify.tsx'
import { courtQueryOptions } from './api.ts'
import { CourtForm } from './court-form.tsx'
import { CourtOrdersCard } from './court-orders.tsx'
import { InvitationsSection } from './invitations-section.tsx'
import { StatementSection } from './statement.tsx'

/**
 * A food court's cards on its page (owner): its settings, its restaurants and their invitations,
 * the orders with their sub-orders (board, books, daily totals with the court fee, CSV), and the
 * settlement statement per restaurant.
 */
export function CourtProgramSections({ program }: { program: Program }) {
  return (
    <>
      <CourtSettingsCard program={program} />
      <InvitationsSection court={program.uuid} />
      <CourtOrdersCard court={program.uuid} currency={program.currency} />
      <StatementSection court={program.uuid} currency={program.currency} />
    </>
  )
}

function CourtSettingsCard({ program }: { program: Program }) {
  const queryClient = useQueryClient()
  const hydrated = useHydrated()
  const court = useQuery(courtQueryOptions(program.uuid))
  return (
    <Card data-testid="court-settings">
      <CardHeader>
        <CardTitle>
          <Trans>Food court</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Address, domain, minimum order, fee and external reference.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <details className="group rounded-lg border px-4 py-3">
          <summary
            className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium"
            data-testid="court-settings-open"
          >
            <Trans>Food court settings</Trans>
            <ChevronDownIcon
              aria-hidden="true"
              className="size-4 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="mt-4">
            {court.isPending ? (
              <RowsSkeleton rows={6} />
            ) : court.isError ? (
              <LoadError onRetry={() => court.refetch()} />
            ) : (
              <CourtForm
                program={program.uuid}
                court={court.data}
                programTitle={program.title}
                programDescription={program.description}
                onSaved={() => {
                  void queryClient.invalidateQueries({ queryKey: programKeys.detail(program.uuid) })
                  notify.success(msg`Food court saved`)
                }}
              >
                {(saving) => (
                  <div className="flex justify-end border-t pt-4">
                    <Button
                      type="submit"
                      disabled={saving || !hydrated}
                      aria-busy={saving}
                      data-testid="court-save"
                    >
                      {saving ? (
                        <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                      ) : (
                        <SaveIcon aria-hidden="true" />
                      )}
                      <Trans>Save food court</Trans>
                    </Button>
                  </div>
                )}
              </CourtForm>
            )}
          </div>
        </details>
      </CardContent>
    </Card>
  )
}
