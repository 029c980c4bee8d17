import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button.tsx'

/** The menu's quick add for a dish without choices: one more of it, no page change. */
export function QuickAdd({ product, title }: { product: string; title: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  async function add() {
    if (busy) return
    setBusy(true)
    try {
      // The action (and its words for refusals) loads on the first add.
      const { quickAdd } = await import('./basket-actions.ts')
      await quickAdd(queryClient, product)
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
