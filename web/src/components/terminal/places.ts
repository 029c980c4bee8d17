import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, api } from '~/lib/api.ts'
import type { Portal } from '~/lib/portal.ts'
import { terminalKeys } from './queries.ts'

/** Payment management programs (3001) have terminals. */
const paymentManagement = 3001
const activeProgram = 11001

/** A program and the open cashpoints where its terminal can be used. */
export interface TerminalPlace {
  program: { uuid: string; title: string; currency: string; active: boolean }
  cashpoints: { uuid: string; title: string }[]
}

/**
 * Where the signed-in user may work a terminal: an acceptor at their open cashpoints in the
 * payment programs they take part in; a program owner at every open cashpoint of their active
 * payment programs.
 */
async function loadPlaces(portal: Portal): Promise<TerminalPlace[]> {
  if (portal !== 'acceptor' && portal !== 'programs') return []
  if (portal === 'acceptor') {
    const page = await api.get<Answer<'/manager/acceptor-programs'>>('/manager/acceptor-programs', {
      query: { status: 21001, size: 100 },
    })
    return page.results
      .filter((r) => r.program.type.id === paymentManagement)
      .map((r) => ({
        program: {
          uuid: r.program.uuid,
          title: r.program.title,
          currency: r.program.currency,
          active: r.program.status.id === activeProgram,
        },
        cashpoints: r.cashpoints.filter((c) => c.is_active).map((c) => ({ uuid: c.uuid, title: c.title })),
      }))
  }
  const [programs, cashpoints] = await Promise.all([
    api.get<Answer<'/manager/programs'>>('/manager/programs', {
      query: { filter: 'active', type: paymentManagement, size: 100 },
    }),
    api.get<Answer<'/manager/cashpoints'>>('/manager/cashpoints', {
      query: { is_active: 'true', size: 200 },
    }),
  ])
  return programs.results.map((p) => ({
    program: { uuid: p.uuid, title: p.title, currency: p.currency, active: p.status.id === activeProgram },
    cashpoints: cashpoints.results
      .filter((c) => c.program === p.uuid)
      .map((c) => ({ uuid: c.uuid, title: c.title })),
  }))
}

export const terminalPlacesQueryOptions = (portal: Portal) =>
  queryOptions({ queryKey: [...terminalKeys.cashpoints(), portal], queryFn: () => loadPlaces(portal) })

export function useTerminalPlaces(portal: Portal) {
  return useQuery(terminalPlacesQueryOptions(portal))
}
