import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

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
  // One class and a bare path rather than the Button's utilities and Lucide's attributes: this
  // button is on every dish of a menu (styles/app.css, `.food-quick-add`).
  return (
    <button
      type="button"
      className="food-quick-add"
      onClick={() => void add()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t`Add ${title} to your basket`}
      data-testid="quick-add"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M5 12h14M12 5v14" />
      </svg>
    </button>
  )
}
