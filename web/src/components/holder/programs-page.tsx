import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { GiftIcon, LayersIcon, SearchIcon, StoreIcon, TicketIcon } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { CardTypeName } from '~/components/cards/labels.tsx'
import { UseModeText } from '~/components/programs/card-labels.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { Pagination } from '~/components/shared/pagination.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { formatMoney } from '~/lib/money.ts'
import { type PublicProgram, type PublicProgramsSearch, publicProgramsQueryOptions } from './queries.ts'

/**
 * The card holder's `/programs`: the card programs open to card holders (a public card), each with
 * its card, who runs it and how many businesses take it, leading to its information page. The
 * search by title and the page live in the address.
 */
export function PublicProgramsPage({
  search,
  onSearchChange,
}: {
  search: PublicProgramsSearch
  onSearchChange: (change: Partial<PublicProgramsSearch>) => void
}) {
  const { t } = useLingui()
  const programs = useQuery(publicProgramsQueryOptions(search))
  const [typed, setTyped] = useState(search.search ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearchChange({ search: typed.trim() || undefined, page: 1 })
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <header>
        <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
          <Trans>Programs</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Card programs open to card holders, and the businesses where their cards are taken.</Trans>
        </p>
      </header>

      <search>
        <form onSubmit={submit} className="flex max-w-md gap-2">
          <Input
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-label={t`Search programs by name`}
            placeholder={t`For example: city voucher`}
            maxLength={100}
            data-testid="public-programs-search"
          />
          <Button type="submit" variant="outline" aria-label={t`Search`}>
            <SearchIcon aria-hidden="true" />
          </Button>
        </form>
      </search>

      {programs.isPending ? (
        <RowsSkeleton rows={3} />
      ) : programs.isError ? (
        <LoadError onRetry={() => programs.refetch()}>
          <Trans>The programs could not be loaded.</Trans>
        </LoadError>
      ) : programs.data.count === 0 ? (
        <EmptyState
          icon={LayersIcon}
          title={
            search.search ? <Trans>No program matches this search</Trans> : <Trans>No programs yet</Trans>
          }
        >
          {search.search ? (
            <Trans>Try another name, or clear the search to see all programs.</Trans>
          ) : (
            <Trans>When program owners open card programs to card holders, they appear here.</Trans>
          )}
        </EmptyState>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="public-programs">
            {programs.data.results.map((program) => (
              <li key={program.uuid}>
                <ProgramItem program={program} />
              </li>
            ))}
          </ul>
          <Pagination
            page={search.page}
            pages={programs.data.pages}
            count={programs.data.count}
            onPageChange={(page) => onSearchChange({ page })}
            disabled={programs.isFetching}
          />
        </>
      )}
    </div>
  )
}

function ProgramItem({ program }: { program: PublicProgram }) {
  const { i18n } = useLingui()
  const { card } = program
  const TypeIcon = card.type.code === 'gift' ? GiftIcon : TicketIcon
  const places = program.acceptors.length
  const owner = program.owner.name
  return (
    <Link
      to="/programs/$uuid"
      params={{ uuid: program.uuid }}
      data-testid="public-program"
      data-program={program.uuid}
      className="flex h-full flex-col gap-3 rounded-xl border bg-background p-4 transition-colors hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      <span className="grid gap-0.5">
        <span className="font-semibold" data-testid="public-program-title">
          {program.title}
        </span>
        {owner && (
          <span className="text-[13px] text-muted-foreground">
            <Trans>By {owner}</Trans>
          </span>
        )}
      </span>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <TypeIcon aria-hidden="true" className="size-4 text-primary-700" />
        <span>
          <CardTypeName code={card.type.code} />
        </span>
        <span aria-hidden="true">·</span>
        <span className="font-medium tabular-nums">
          {card.value.value > 0 ? (
            formatMoney(card.value.value, card.value.currency, i18n.locale)
          ) : (
            <Trans>Flexible amount</Trans>
          )}
        </span>
        <span aria-hidden="true">·</span>
        <span className="text-muted-foreground">
          <UseModeText useNumber={card.value.use_number} />
        </span>
      </span>
      <span className="mt-auto flex items-center gap-2 text-[13px] text-muted-foreground">
        <StoreIcon aria-hidden="true" className="size-4" />
        {places === 0 ? (
          <Trans>No business takes its cards yet</Trans>
        ) : (
          <Plural value={places} one="# business takes its cards" other="# businesses take its cards" />
        )}
      </span>
    </Link>
  )
}
