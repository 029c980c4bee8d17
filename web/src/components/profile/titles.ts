import { useLingui } from '@lingui/react/macro'
import type { titles } from '../../../../modules/identity/shared.ts'

/** The forms of address of the specification (Mr, Mrs, Miss, Dr, Ms, Mx) as each language writes them. */
export function useTitleLabels(): Record<(typeof titles)[number], string> {
  const { t } = useLingui()
  return {
    Mr: t({ message: 'Mr', context: 'form of address' }),
    Mrs: t({ message: 'Mrs', context: 'form of address' }),
    Miss: t({ message: 'Miss', context: 'form of address' }),
    Dr: t({ message: 'Dr', context: 'form of address' }),
    Ms: t({ message: 'Ms', context: 'form of address' }),
    Mx: t({ message: 'Mx', context: 'form of address' }),
  }
}
