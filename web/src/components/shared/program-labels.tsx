import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import {
  type AcceptorStatusFilter,
  acceptorStatuses,
  type ProgramTypeSlug,
  programStatuses,
  programTypes,
  typeOfSlug,
} from '~/components/programs/queries.ts'
import { Badge } from '~/components/ui/badge.tsx'

/**
 * Words of the program screens for what the API answers as ids and stable keys: program types,
 * program and acceptor statuses, payment methods and providers. The API's own descriptions are in
 * the caller's language already; these names are the portal's, in the reader's language.
 */

type Tone = 'success' | 'warning' | 'destructive' | 'muted' | 'secondary' | 'outline'

export const programTypeNames: Record<number, MessageDescriptor> = {
  [programTypes.card]: msg({ message: 'Card', context: 'program type' }),
  [programTypes.creditManagement]: msg({ message: 'Credit management', context: 'program type' }),
  [programTypes.paymentManagement]: msg({ message: 'Payment management', context: 'program type' }),
  [programTypes.foodsManagement]: msg({ message: 'Food', context: 'program type' }),
  [programTypes.foodCourtManagement]: msg({ message: 'Food court', context: 'program type' }),
}

/** What each type is for, as shown where a new program's type is chosen. */
export const programTypePurposes: Record<ProgramTypeSlug, MessageDescriptor> = {
  card: msg`Vouchers and gift cards for your customers.`,
  cm: msg`Bills with reminders and penalties, paid online.`,
  pm: msg`The phone as payment terminal, with payment methods and payment notifications.`,
  food: msg`One restaurant: menu, orders and payments.`,
  'food-court': msg`A group of invited restaurants, with split payments.`,
}

export const typeSlugName = (slug: ProgramTypeSlug) => programTypeNames[typeOfSlug[slug]] as MessageDescriptor

export const programStatusNames: Record<number, MessageDescriptor> = {
  [programStatuses.active]: msg({ message: 'Active', context: 'program status' }),
  [programStatuses.draftStep1]: msg({ message: 'Draft', context: 'program status' }),
  [programStatuses.draftStep2]: msg({ message: 'Draft', context: 'program status' }),
  [programStatuses.draftStep3]: msg({ message: 'Ready to activate', context: 'program status' }),
  [programStatuses.pending]: msg({ message: 'Pending', context: 'program status' }),
  [programStatuses.expired]: msg({ message: 'Expired', context: 'program status' }),
  [programStatuses.blocked]: msg({ message: 'Blocked', context: 'program status' }),
}

const programStatusTones: Record<number, Tone> = {
  [programStatuses.active]: 'success',
  [programStatuses.draftStep1]: 'secondary',
  [programStatuses.draftStep2]: 'secondary',
  [programStatuses.draftStep3]: 'secondary',
  [programStatuses.pending]: 'warning',
  [programStatuses.expired]: 'muted',
  [programStatuses.blocked]: 'destructive',
}

export const acceptorStatusNames: Record<AcceptorStatusFilter, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'acceptor status' }),
  active: msg({ message: 'Active', context: 'acceptor status' }),
  rejected: msg({ message: 'Rejected', context: 'acceptor status' }),
  unsubscribed: msg({ message: 'Unsubscribed', context: 'acceptor status' }),
  blocked: msg({ message: 'Blocked', context: 'acceptor status' }),
}

const acceptorStatusTones: Record<AcceptorStatusFilter, Tone> = {
  pending: 'warning',
  active: 'success',
  rejected: 'muted',
  unsubscribed: 'muted',
  blocked: 'destructive',
}

export const acceptorStatusKey = (id: number): AcceptorStatusFilter | undefined =>
  (Object.entries(acceptorStatuses).find(([, v]) => v === id)?.[0] as AcceptorStatusFilter | undefined) ??
  undefined

export function ProgramTypeName({ type }: { type: { id: number; title: string } }) {
  const { i18n } = useLingui()
  const name = programTypeNames[type.id]
  return <>{name ? i18n._(name) : type.title}</>
}

export function ProgramStatusBadge({
  status,
  testId,
}: {
  status: { id: number; title: string }
  testId?: string
}) {
  const { i18n } = useLingui()
  const name = programStatusNames[status.id]
  return (
    <Badge variant={programStatusTones[status.id] ?? 'muted'} data-testid={testId} data-status={status.title}>
      {name ? i18n._(name) : status.title}
    </Badge>
  )
}

export function AcceptorStatusBadge({
  status,
  testId,
}: {
  status: { id: number; title: string }
  testId?: string
}) {
  const { i18n } = useLingui()
  const key = acceptorStatusKey(status.id)
  return (
    <Badge variant={key ? acceptorStatusTones[key] : 'muted'} data-testid={testId} data-status={key}>
      {key ? i18n._(acceptorStatusNames[key]) : status.title}
    </Badge>
  )
}

/** The catalogue's payment methods, described in the reader's language (titles are brand names). */
export const methodTitles: Record<string, MessageDescriptor> = {
  ideal: msg({ message: 'iDEAL', context: 'payment method' }),
  card: msg({ message: 'Card', context: 'payment method' }),
  stripe: msg({ message: 'Stripe', context: 'payment method' }),
  paynl: msg({ message: 'Pay.nl', context: 'payment method' }),
  paypal: msg({ message: 'PayPal', context: 'payment method' }),
  ccv: msg({ message: 'CCV', context: 'payment method' }),
}

export const methodDescriptions: Record<string, MessageDescriptor> = {
  ideal: msg`Pay from a Dutch bank account in the banking app`,
  card: msg`Visa, Mastercard and other debit and credit cards`,
  stripe: msg`Stripe Checkout: cards, wallets and local methods`,
  paynl: msg`Pay.nl checkout`,
  paypal: msg`Pay with a PayPal account`,
  ccv: msg`CCV Online Payments hosted checkout (Dutch provider, test and live modes)`,
}

export const providerNames: Record<string, MessageDescriptor> = {
  sandbox: msg`Sandbox (test payments)`,
  ccv: msg`CCV`,
  stripe: msg`Stripe`,
}
