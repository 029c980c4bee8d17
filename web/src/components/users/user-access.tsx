import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { BanIcon, CheckCircle2Icon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { userKeys } from '~/lib/queries/users.ts'

/** An admin disables a user (every session of theirs ends at once) or enables them again, after confirming. */
export function UserAccess({ uuid, name, isActive }: { uuid: string; name: string; isActive: boolean }) {
  const [open, setOpen] = useState(false)
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (is_active: boolean) =>
      api.patch<Answer<'/user/users/{uuid}', 'patch'>>(`/user/users/${uuid}`, { is_active }),
    onSuccess: (user) => {
      setOpen(false)
      notify.success(
        user.is_active ? msg`The user is enabled.` : msg`The user is disabled and signed out everywhere.`,
      )
    },
    onError: (err) => {
      setOpen(false)
      if (err instanceof ApiError && err.reason === 'cannot_disable_self')
        notify.error(msg`You cannot disable your own account.`)
      else notify.error(msg`The change could not be saved.`, { description: msg`Please try again.` })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
  const busy = change.isPending

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        {isActive ? (
          <Button variant="destructive" data-testid="user-disable">
            <BanIcon aria-hidden="true" />
            <Trans>Disable user</Trans>
          </Button>
        ) : (
          <Button data-testid="user-enable">
            <CheckCircle2Icon aria-hidden="true" />
            <Trans>Enable user</Trans>
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {isActive ? <Trans>Disable {name}?</Trans> : <Trans>Enable {name}?</Trans>}
          </DialogTitle>
          <DialogDescription>
            {isActive ? (
              <Trans>
                They are signed out on every device at once and cannot sign in until you enable them again.
              </Trans>
            ) : (
              <Trans>They can sign in again with their own password.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button
            variant={isActive ? 'destructive' : 'primary'}
            disabled={busy}
            aria-busy={busy}
            onClick={() => change.mutate(!isActive)}
            data-testid="user-access-confirm"
          >
            {isActive ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
