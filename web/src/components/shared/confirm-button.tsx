import { Trans } from '@lingui/react/macro'
import { LoaderCircleIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button, type ButtonProps } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog.tsx'

/**
 * A button whose action is asked for once more in a dialog (delete a draft, block a program,
 * withdraw an invitation). The dialog stays open, its buttons disabled, while the action runs; the
 * action reports its own outcome (a toast) and the dialog closes when it settles.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  onConfirm,
  variant = 'outline',
  size = 'md',
  destructive = false,
  disabled = false,
  testId,
}: {
  children: ReactNode
  title: ReactNode
  description: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => Promise<unknown>
  variant?: ButtonProps['variant']
  size?: ButtonProps['size']
  destructive?: boolean
  disabled?: boolean
  testId?: string
}) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
      setOpen(false)
    }
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant={variant} size={size} disabled={disabled || !hydrated} data-testid={testId}>
          {children}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid={testId ? `${testId}-dialog` : undefined} showClose={!busy}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            onClick={confirm}
            disabled={busy}
            aria-busy={busy}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
