import { useLingui } from '@lingui/react/macro'
import { accountName, isSubAccountKind, subAccountKindNames } from './names.ts'
import type { SubAccount } from './queries.ts'

/** A sub-account as a reader knows it: its kind in their language and whose it is. */
export function SubAccountLabel({
  subAccount,
}: {
  subAccount: Pick<SubAccount, 'kind' | 'external_id'> & { title?: string | null }
}) {
  const { i18n } = useLingui()
  const kind = isSubAccountKind(subAccount.kind)
    ? i18n._(subAccountKindNames[subAccount.kind])
    : subAccount.kind
  if (!subAccount.external_id) return <span className="text-muted-foreground">{kind}</span>
  // Named by what it is (a program's title) when the API knows it; the id stays at hand as a tooltip.
  if (subAccount.title)
    return (
      <span title={subAccount.external_id}>
        {kind} {subAccount.title}
      </span>
    )
  return (
    <span>
      {kind} <span className="font-mono text-xs text-muted-foreground">{subAccount.external_id}</span>
    </span>
  )
}

/** Account number and its name in the interface language. */
export function AccountLabel({ number }: { number: number }) {
  const { i18n } = useLingui()
  const name = accountName(number)
  return (
    <span>
      <span className="font-medium tabular-nums">{number}</span>
      {name && <> {i18n._(name)}</>}
    </span>
  )
}
