import { Trans, useLingui } from '@lingui/react/macro'
import { Money } from '~/components/finances/amount.tsx'
import { cardTypeNames, UseModeText, ValidityFootnote, ValidityText } from './card-labels.tsx'
import { CardPreview } from './card-preview.tsx'
import { type Card, cardTypes } from './card-queries.ts'
import type { Program } from './queries.ts'
import { ReviewItem } from './wizard-parts.tsx'

/** The card's settings at a glance: type, value, uses, validity, privacy and the program's dates. */
export function CardSummary({ program, card }: { program: Program; card: Card }) {
  const { i18n } = useLingui()
  const v = card.values[0]
  const day = (date: string) => i18n.date(`${date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="card-summary">
      <ReviewItem label={<Trans>Card type</Trans>} testId="card-summary-type">
        {i18n._(cardTypeNames[card.type.id])}
      </ReviewItem>
      <ReviewItem label={<Trans>Value</Trans>} testId="card-summary-value">
        {!v ? (
          <span className="text-muted-foreground">—</span>
        ) : v.value === 0 && card.type.id === cardTypes.gift ? (
          <Trans>Flexible (loaded later)</Trans>
        ) : (
          <Money amount={v.value} currency={v.currency || program.currency} />
        )}
      </ReviewItem>
      <ReviewItem label={<Trans>Use</Trans>} testId="card-summary-use">
        {v ? <UseModeText useNumber={v.use_number} /> : <span className="text-muted-foreground">—</span>}
      </ReviewItem>
      <ReviewItem label={<Trans>Validity</Trans>} testId="card-summary-validity">
        <ValidityText validity={card.validity} programEnd={card.expiry_date} />
      </ReviewItem>
      <ReviewItem label={<Trans>Visibility</Trans>} testId="card-summary-private">
        {card.is_private ? <Trans>Private program</Trans> : <Trans>Public program</Trans>}
      </ReviewItem>
      <ReviewItem label={<Trans>Program period</Trans>} testId="card-summary-period">
        <ProgramPeriod
          start={card.start_date && day(card.start_date)}
          end={card.expiry_date && day(card.expiry_date)}
        />
      </ReviewItem>
      {card.description && (
        <ReviewItem label={<Trans context="card">Card description</Trans>} className="sm:col-span-2">
          {card.description}
        </ReviewItem>
      )}
    </dl>
  )
}

/** The card face of a saved card, with its validity. */
export function SavedCardPreview({
  program,
  card,
  className,
}: {
  program: Program
  card: Card
  className?: string
}) {
  return (
    <CardPreview
      type={card.type.id}
      title={card.title}
      programTitle={program.title}
      value={card.values[0]?.value ?? null}
      currency={card.values[0]?.currency || program.currency}
      orientation={card.orientation}
      imageUrl={card.image_url}
      className={className}
      footnote={<ValidityFootnote validity={card.validity} programEnd={card.expiry_date} />}
    />
  )
}

/** The program's period (dates already formatted) as people say it: from, until, both, or open-ended. */
function ProgramPeriod({ start, end }: { start: string | null; end: string | null }) {
  if (start && end) return <>{`${start} – ${end}`}</>
  if (start) return <Trans>From {start}, open-ended</Trans>
  if (end) return <Trans>Until {end}</Trans>
  return <Trans>Open-ended</Trans>
}
