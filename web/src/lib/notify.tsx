import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { lazy, Suspense, useSyncExternalStore } from 'react'

/** Renders a message descriptor in the current language, and again after a language switch. */
function Translated({ message }: { message: MessageDescriptor }) {
  const { i18n } = useLingui()
  return <>{i18n._(message)}</>
}

export interface NotifyOptions {
  description?: MessageDescriptor
  /** Milliseconds before it closes by itself; `Infinity` keeps it until dismissed. */
  duration?: number
  id?: string
}

// The toasts (sonner and the Toaster) load with the first notification instead of with every page:
// most visits show none. <Notifications /> in the root mounts the Toaster then, and a toast is
// handed over once the Toaster listens, so none is lost.
let wanted = false
const wantedListeners = new Set<() => void>()
let toasterListens: () => void = () => {}
const listening = new Promise<void>((resolve) => {
  toasterListens = resolve
})
const Toaster = lazy(() => import('~/components/ui/toast.tsx').then((m) => ({ default: m.Toaster })))

function sonner(): Promise<typeof import('sonner')> {
  if (!wanted) {
    wanted = true
    for (const listener of wantedListeners) listener()
  }
  return Promise.all([import('sonner'), listening]).then(([module]) => module)
}

function subscribeWanted(listener: () => void) {
  wantedListeners.add(listener)
  return () => wantedListeners.delete(listener)
}

/** Where system notifications appear, from the first one on (rendered once, in the root route). */
export function Notifications() {
  const show = useSyncExternalStore(
    subscribeWanted,
    () => wanted,
    () => false,
  )
  if (!show) return null
  return (
    <Suspense fallback={null}>
      <Toaster onListening={toasterListens} />
    </Suspense>
  )
}

function show(
  kind: 'success' | 'warning' | 'error' | 'info',
  message: MessageDescriptor,
  options: NotifyOptions = {},
): void {
  void sonner().then(({ toast }) =>
    toast[kind](<Translated message={message} />, {
      description: options.description ? <Translated message={options.description} /> : undefined,
      duration: options.duration,
      id: options.id,
    }),
  )
}

/**
 * System notifications (bottom right). Messages are Lingui descriptors (`msg\`...\``), never raw
 * strings, so every notification is translated.
 */
export const notify = {
  success: (message: MessageDescriptor, options?: NotifyOptions) => show('success', message, options),
  warn: (message: MessageDescriptor, options?: NotifyOptions) => show('warning', message, options),
  error: (message: MessageDescriptor, options?: NotifyOptions) => show('error', message, options),
  info: (message: MessageDescriptor, options?: NotifyOptions) => show('info', message, options),
  dismiss: (id?: string | number) => {
    // Nothing to dismiss before the first toast loaded sonner.
    if (wanted) void sonner().then(({ toast }) => toast.dismiss(id))
  },
}
