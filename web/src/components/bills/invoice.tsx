import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Money } from '~/components/finances/amount.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { cn } from '~/lib/utils.ts'
import { CalendarDate, formatVatRate, VatRateLabel } from './labels.tsx'
import type { BillContact, BillDetail, BillLine } from './queries.ts'

/**
 * A bill as an invoice (spec section 3: number, date, due date, items with quantity and tariff,
 * subtotal, VAT, penalties): who sent it (the program, with its bill contact when the owner shows
 * it), the items, VAT per rate, the total, the penalties reminders added as lines of their own, what
 * was paid and what is open. On a phone each line is a block; from `md` on, and on paper, a table.
 */
export function Invoice({ bill }: { bill: BillDetail }) {
  const items = bill.lines.filter((l) => l.kind === 'item')
  const penalties = bill.lines.filter((l) => l.kind === 'penalty')
  const currency = bill.currency
  const number = bill.number

  return (
    <Card
      className="gap-6 print:border-0 print:shadow-none"
      data-testid="invoice"
      aria-labelledby="invoice-title"
    >
      <CardHeader className="gap-4 sm:grid sm:grid-cols-2 sm:items-start">
        <div className="grid gap-1">
          <CardTitle id="invoice-title">
            <Trans>Invoice {number}</Trans>
          </CardTitle>
          <p className="font-medium break-words" data-testid="invoice-sender">
            {bill.program.title}
          </p>
          {bill.contact && <Contact contact={bill.contact} />}
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:justify-self-end">
          <Fact label={<Trans>Invoice number</Trans>}>
            <span className="font-mono" data-testid="invoice-number">
              {number}
            </span>
          </Fact>
          <Fact label={<Trans>Invoice date</Trans>}>
            <CalendarDate date={bill.issue_date} testId="invoice-date" />
          </Fact>
          <Fact label={<Trans>Due date</Trans>}>
            <CalendarDate date={bill.due_date} testId="invoice-due-date" />
          </Fact>
          {bill.reference && (
            <Fact label={<Trans>Reference</Trans>}>
              <span className="break-words" data-testid="invoice-reference">
                {bill.reference}
              </span>
            </Fact>
          )}
          <Fact label={<Trans>Billed to</Trans>}>
            <span className="break-words">{bill.holder.name}</span>
          </Fact>
        </dl>
      </CardHeader>

      <CardContent className="grid gap-6">
        <Lines lines={items} currency={currency} testId="invoice-items" />

        <dl className="ml-auto grid w-full max-w-sm gap-1.5 text-sm" data-testid="invoice-totals">
          <Sum
            label={<Trans>Subtotal</Trans>}
            amount={bill.subtotal}
            currency={currency}
            testId="invoice-subtotal"
          />
          {bill.vat_per_rate.map((rate) => (
            <Sum
              key={`${rate.code}:${rate.vat_rate}`}
              label={<VatOver rate={rate.vat_rate} net={rate.net} currency={currency} />}
              amount={rate.vat}
              currency={currency}
              testId="invoice-vat"
            />
          ))}
          <Sum
            label={<Trans>Total</Trans>}
            amount={bill.total}
            currency={currency}
            strong
            testId="invoice-total"
          />
        </dl>

        {penalties.length > 0 && (
          <section
            className="grid gap-3"
            aria-labelledby="invoice-penalties-title"
            data-testid="invoice-penalties"
          >
            <div className="grid gap-0.5">
              <h3 id="invoice-penalties-title" className="text-sm font-semibold">
                <Trans>Late-payment penalties</Trans>
              </h3>
              <p className="text-[13px] text-muted-foreground">
                <Trans>Added by reminders after the due date. No VAT is charged on them.</Trans>
              </p>
            </div>
            <ul className="grid gap-1.5 text-sm">
              {penalties.map((line, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is fixed
                  key={i}
                  className="flex items-baseline justify-between gap-4"
                  data-testid="invoice-penalty"
                >
                  <span className="min-w-0 break-words">{line.description}</span>
                  <Money amount={line.net} currency={currency} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <dl
          className="ml-auto grid w-full max-w-sm gap-1.5 border-t pt-3 text-sm"
          data-testid="invoice-balance"
        >
          {bill.penalties > 0 && (
            <Sum
              label={<Trans>Penalties</Trans>}
              amount={bill.penalties}
              currency={currency}
              testId="invoice-penalties-total"
            />
          )}
          {/* What the holder paid, as paid: a positive amount (the API's `paid_amount`). Written with
              a minus, as a deduction, it read as "Betaald € -121,00". */}
          <Sum
            label={<Trans>Paid</Trans>}
            amount={bill.paid_amount}
            currency={currency}
            testId="invoice-paid"
          />
          <Sum
            label={<Trans>Open amount</Trans>}
            amount={bill.open_amount}
            currency={currency}
            strong
            testId="invoice-open"
          />
        </dl>
      </CardContent>
    </Card>
  )
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right sm:text-left">{children}</dd>
    </>
  )
}

function Sum({
  label,
  amount,
  currency,
  strong = false,
  testId,
}: {
  label: ReactNode
  amount: number
  currency: string
  strong?: boolean
  testId?: string
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', strong && 'text-base font-semibold')}>
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd>
        <Money amount={amount} currency={currency} testId={testId} />
      </dd>
    </div>
  )
}

/** "VAT 21% of € 100,00": the VAT of one rate over the net amount it is charged on. */
function VatOver({ rate, net, currency }: { rate: number | null; net: number; currency: string }) {
  return (
    <span>
      <VatRateLabel rate={rate} />{' '}
      <span className="text-xs">
        <Trans>
          over <Money amount={net} currency={currency} />
        </Trans>
      </span>
    </span>
  )
}

function Lines({ lines, currency, testId }: { lines: BillLine[]; currency: string; testId: string }) {
  const { t } = useLingui()
  return (
    <div data-testid={testId}>
      {/* A phone: one block per line. */}
      <ul className="grid divide-y border-y md:hidden print:hidden" aria-label={t`Items`}>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is fixed
          <li key={i} className="grid gap-1 py-3 text-sm" data-testid="invoice-line">
            <div className="flex items-baseline justify-between gap-4">
              <span className="min-w-0 font-medium break-words">{line.description}</span>
              <Money amount={line.net} currency={currency} className="font-medium" />
            </div>
            <div className="flex flex-wrap gap-x-3 text-[13px] text-muted-foreground">
              <span>
                {line.quantity} × <Money amount={line.unit_price} currency={currency} />
              </span>
              <span>
                <VatRateLabel rate={line.vat_rate} />
              </span>
            </div>
          </li>
        ))}
      </ul>
      {/* Wider screens and paper: a table. */}
      <table className="hidden w-full text-sm md:table print:table">
        <caption className="sr-only">
          <Trans>Items</Trans>
        </caption>
        <thead className="border-b text-left text-xs text-muted-foreground">
          <tr className="[&>th]:py-2 [&>th]:font-medium">
            <th scope="col">
              <Trans>Description</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>Quantity</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>Unit price</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>VAT</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>Amount</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is fixed
            <tr key={i} className="align-top [&>td]:py-2.5">
              <td className="pr-4 break-words">{line.description}</td>
              <td className="text-right tabular-nums">{line.quantity}</td>
              <td className="pl-4 text-right whitespace-nowrap">
                <Money amount={line.unit_price} currency={currency} />
              </td>
              <td className="pl-4 text-right whitespace-nowrap text-muted-foreground">
                <VatRateShort rate={line.vat_rate} />
              </td>
              <td className="pl-4 text-right font-medium whitespace-nowrap">
                <Money amount={line.net} currency={currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** In the table's VAT column: the percentage alone, or "exempt". */
function VatRateShort({ rate }: { rate: number | null }) {
  const { i18n } = useLingui()
  if (rate === null) return <Trans context="VAT">exempt</Trans>
  return <>{formatVatRate(rate, i18n.locale)}</>
}

/** The sender's bill contact as the owner set it: address, phone, chamber of commerce, VAT, account. */
function Contact({ contact }: { contact: BillContact }) {
  const { i18n } = useLingui()
  const { address } = contact
  const country = countryName(address.country, i18n.locale)
  const cityLine = [address.zip, address.city].filter(Boolean).join(' ')
  const lines = [address.address, cityLine, address.state, country].filter((l) => l.trim())
  const phone = [contact.phone_code, contact.phone_number].filter(Boolean).join(' ')
  return (
    <div className="grid gap-1 text-sm text-muted-foreground" data-testid="invoice-contact">
      {lines.length > 0 && (
        <address className="not-italic">
          {lines.map((line) => (
            <span key={line} className="block break-words">
              {line}
            </span>
          ))}
        </address>
      )}
      <dl className="grid gap-0.5">
        {contact.phone_number && (
          <ContactFact label={<Trans>Phone</Trans>}>
            <a href={`tel:${phone.replace(/\s/g, '')}`} className="text-primary-700 hover:underline">
              {phone}
            </a>
          </ContactFact>
        )}
        {contact.chamber && (
          <ContactFact label={<Trans>Chamber of commerce</Trans>}>{contact.chamber}</ContactFact>
        )}
        {contact.vat && <ContactFact label={<Trans>VAT number</Trans>}>{contact.vat}</ContactFact>}
        {contact.account && (
          <ContactFact label={<Trans>Bank account</Trans>}>
            <span className="font-mono">{contact.account}</span>
          </ContactFact>
        )}
      </dl>
    </div>
  )
}

function ContactFact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-1.5">
      <dt>{label}:</dt>
      <dd className="break-words text-foreground">{children}</dd>
    </div>
  )
}

/** A two-letter country code in the reader's language; anything else as written. */
function countryName(country: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country.toUpperCase()) ?? country
  } catch {
    return country
  }
}
