import { useLingui } from '@lingui/react/macro'
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react'
import { type RefObject, useEffect, useRef } from 'react'
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
  const section = useRef<HTMLElement>(null)
  useToastBand(section)
  return (
    <Sonner
      ref={section}
      position="top-center"
      offset={{ top: 10 }}
      gap={toastGap}
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

/** Sonner's space between stacked toasts (its default), used again to measure the stack. */
const toastGap = 14

/**
 * How far down the window the toasts reach, kept as `--toast-band` on the document (0px without
 * toasts). An open dialog keeps its top edge below it (ui/dialog.tsx): the top of a dialog (its
 * title, the first fields) sits right where the toasts are, and a "Program activated" toast used to
 * cover the bill dialog opened just after it. Measured from the layout, not from the toasts'
 * animated boxes: the toaster's top, the front toast's height and the collapsed stack's gaps, so the
 * band is where the toasts end up rather than where they are mid-slide.
 */
function useToastBand(section: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const toaster = section.current
    if (!toaster) return
    const root = document.documentElement
    let frame = 0
    const measure = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        let band = 0
        for (const list of toaster.querySelectorAll<HTMLElement>(
          '[data-sonner-toaster][data-y-position="top"]',
        )) {
          const shown = [...list.querySelectorAll<HTMLElement>('[data-sonner-toast]')].filter(
            (toast) => toast.dataset.removed !== 'true' && toast.dataset.visible !== 'false',
          )
          const front = shown.find((toast) => toast.dataset.front === 'true') ?? shown[0]
          if (!front) continue
          const bottom =
            list.getBoundingClientRect().top + front.offsetHeight + toastGap * (shown.length - 1) + 8
          band = Math.max(band, Math.ceil(bottom))
        }
        root.style.setProperty('--toast-band', `${band}px`)
      })
    }
    const observer = new MutationObserver(measure)
    // Only the toaster's own changes: a toast added, removed, brought to the front or re-worded.
    observer.observe(toaster, {
      subtree: true,
      childList: true,
      characterData: true,
      attributeFilter: ['data-removed', 'data-visible', 'data-front', 'data-mounted'],
    })
    window.addEventListener('resize', measure)
    measure()
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
      cancelAnimationFrame(frame)
      root.style.removeProperty('--toast-band')
    }
  }, [section])
}
