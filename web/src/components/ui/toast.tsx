import { useLingui } from '@lingui/react/macro'
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

/**
 * Where system notifications appear: bottom right, styled like the rest of the interface. Loaded
 * with the first notification (lib/notify.tsx); `onListening` runs once sonner's Toaster has
 * subscribed to new toasts (its effect runs before this one's).
 */
export function Toaster({ onListening, ...props }: ToasterProps & { onListening?: () => void }) {
  const { t } = useLingui()
  useEffect(() => onListening?.(), [onListening])
  return (
    <Sonner
      position="bottom-right"
      closeButton
      duration={5000}
      visibleToasts={4}
      containerAriaLabel={t`Notifications`}
      icons={{
        success: <CircleCheckIcon className="size-4.5 text-success" aria-hidden="true" />,
        info: <InfoIcon className="size-4.5 text-primary-500" aria-hidden="true" />,
        warning: <TriangleAlertIcon className="size-4.5 text-warning" aria-hidden="true" />,
        error: <CircleAlertIcon className="size-4.5 text-destructive" aria-hidden="true" />,
        loading: (
          <LoaderCircleIcon className="size-4.5 animate-spin text-muted-foreground" aria-hidden="true" />
        ),
      }}
      toastOptions={{
        closeButtonAriaLabel: t`Close notification`,
        classNames: {
          toast:
            'group items-start! gap-3! rounded-lg! border! border-border! bg-background! p-4! font-sans! text-foreground! shadow-lg! shadow-slate-900/10!',
          title: 'text-sm! leading-5! font-semibold!',
          description: 'text-[13px]! text-muted-foreground!',
          icon: 'mt-0.5!',
          closeButton: 'border-border! bg-background! text-muted-foreground! hover:text-foreground!',
        },
      }}
      {...props}
    />
  )
}
