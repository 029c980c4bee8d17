import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { notify } from '~/lib/notify.tsx'
import { orderingErrorMessage } from './refusals.ts'

/** The menu's quick add for a dish without choices: one more of it, no page change. */
export function QuickAdd({ product, title }: { product: string; title: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  async function add() {
    if (busy) return
    setBusy(true)
    try {
      const { addToBasket } = await import('./basket-actions.ts')
      await addToBasket(queryClient, { product, variant: null, extras: [], count: 1 })
    } catch (error) {
      notify.error(orderingErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      variant="secondary"
      size="icon"
      className="size-9 rounded-full shadow-sm"
      onClick={() => void add()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t`Add ${title} to your basket`}
      data-testid="quick-add"
    >
      <PlusIcon aria-hidden="true" />
    </Button>
  )
}
