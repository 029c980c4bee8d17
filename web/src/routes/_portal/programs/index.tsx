import { createFileRoute, stripSearchParams, useNavigate, useRouteContext } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { type PublicProgramsSearch, publicProgramsQueryOptions } from '~/components/holder/queries.ts'
import { type ProgramType, programFilters, programTypeIds } from '~/components/programs/codes.ts'
import { ProgramsPage } from '~/components/programs/programs-page.tsx'
import {
  acceptorProgramsQueryOptions,
  invitationQueryOptions,
  type ProgramsSearch,
  programsQueryOptions,
} from '~/components/programs/queries.ts'
import { RowsSkeleton } from '~/components/shared/states.tsx'
import { requireScreen } from '~/lib/guard.ts'
import { pageTitle } from '~/lib/head.ts'
import { mainScreens } from '~/lib/navigation.ts'
import type { Portal } from '~/lib/portal.ts'
import { loadSignedIn } from '~/lib/queries/load.ts'
import { integer, oneOf, orElse, type Reader, searchParams, text, uuid, where } from '~/lib/search-params.ts'

// The acceptor's and the card holder's lists are other pages behind the same path: each portal
// downloads only its own (the acceptor's brings the cashpoint forms).
const AcceptorProgramsPage = lazy(() =>
  import('~/components/programs/acceptor-programs-page.tsx').then((m) => ({
    default: m.AcceptorProgramsPage,
  })),
)
const PublicProgramsPage = lazy(() =>
  import('~/components/holder/programs-page.tsx').then((m) => ({ default: m.PublicProgramsPage })),
)

const searchDefaults = { filter: 'all', page: 1 } as const

/**
 * The list's tab, filters and page live in the URL, so a filtered list can be reloaded, shared and
 * gone back to. On the acceptor portal `invitation` and `invite` come from the invitation e-mail.
 */
const programsSearch = searchParams({
  filter: orElse(oneOf(programFilters), searchDefaults.filter),
  search: text({ max: 100, trim: true }),
  type: where(integer(), (n): n is ProgramType =>
    (programTypeIds as readonly number[]).includes(n),
  ) as Reader<ProgramType | undefined>,
  owner: uuid,
  page: orElse(integer({ min: 1 }), searchDefaults.page),
  invitation: uuid,
  invite: text({ min: 1, max: 200, coerce: true }),
})

/**
 * `/programs`: the program owner's own programs and the admin's list of all programs (tabs all,
 * active, draft); on the acceptor portal the programs the acceptor takes part in with their
 * cashpoints and invitations (spec section 2); on the card-holder portal the card programs open to
 * card holders (components/holder/programs-page.tsx).
 */
export const Route = createFileRoute('/_portal/programs/')({
  validateSearch: programsSearch,
  search: { middlewares: [stripSearchParams(searchDefaults)] },
  beforeLoad: ({ context }) => requireScreen(context.portal, '/programs'),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    if (context.portal === 'acceptor') {
      await Promise.all([
        loadSignedIn(context, acceptorProgramsQueryOptions()),
        deps.invitation &&
          loadSignedIn(context, invitationQueryOptions(deps.invitation, deps.invite), { notFound: false }),
      ])
    } else if (context.portal === 'cardholder') {
      await loadSignedIn(context, publicProgramsQueryOptions(holderSearch(deps)))
    } else {
      await loadSignedIn(context, programsQueryOptions(listSearch(context.portal, deps)))
    }
  },
  head: ({ match }) => pageTitle(match.context.i18n, mainScreens['/programs'].label),
  component: Programs,
})

/** What the owner's and the admin's list asks the API for: only an admin filters by owner. */
const listSearch = (portal: Portal, search: ReturnType<typeof programsSearch.parse>): ProgramsSearch => ({
  filter: search.filter,
  search: search.search,
  type: search.type,
  owner: portal === 'admin' ? search.owner : undefined,
  page: search.page,
})

/** What the card holder's list asks the API for: the search by title and the page. */
const holderSearch = (search: ReturnType<typeof programsSearch.parse>): PublicProgramsSearch => ({
  search: search.search,
  page: search.page,
})

function Programs() {
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })

  if (portal === 'acceptor') {
    const link = search.invitation ? { invitation: search.invitation, invite: search.invite } : undefined
    return (
      <Suspense fallback={<RowsSkeleton />}>
        <AcceptorProgramsPage
          link={link}
          onLinkDone={() =>
            navigate({
              search: (prev) => ({ ...prev, invitation: undefined, invite: undefined }),
              replace: true,
            })
          }
        />
      </Suspense>
    )
  }
  if (portal === 'cardholder') {
    return (
      <Suspense fallback={<RowsSkeleton />}>
        <PublicProgramsPage
          search={holderSearch(search)}
          onSearchChange={(change) =>
            navigate({
              search: (prev) => {
                const next = { ...prev, ...change }
                if (!next.search) delete next.search
                return next
              },
              replace: true,
            })
          }
        />
      </Suspense>
    )
  }

  const onSearchChange = (change: Partial<ProgramsSearch>) =>
    navigate({
      search: (prev) => {
        const next = { ...prev, ...change }
        // Keep the URL short: no empty filters.
        for (const key of ['search', 'type', 'owner'] as const) if (!next[key]) delete next[key]
        return next
      },
      replace: true,
    })
  return <ProgramsPage search={listSearch(portal, search)} onSearchChange={onSearchChange} />
}
