import { useLingui } from '@lingui/react/macro'
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

/**
 * Where system notifications appear, styled like the rest of the interface: at the top in the
 * middle, over the header, never over a screen's buttons. A form's primary button sits at the
 * bottom of its card and is scrolled to the bottom of the window to be pressed, where a toast used
 * to cover it for five seconds; the header's middle holds nothing on a desktop, and on a phone a
 * toast over the header goes away by itself or with a swipe. Loaded with the first notification
 * (lib/notify.tsx); `onListening` runs once sonner's Toaster has subscribed to new toasts (its
 * effect runs before this one's).
 */
export function Toaster({ onListening, ...props }: ToasterProps & { onListening?: () => void }) {
  const { t } = useLingui()
  useEffect(() => onListening?.(), [onListening])
  return (
    <Sonner
      position="top-center"
      offset={{ top: 10 }}
      mobileOffset={{ top: 8, left: 8, right: 8 }}
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
