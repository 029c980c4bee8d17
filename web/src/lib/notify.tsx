import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { toast } from 'sonner'

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

function show(
  kind: 'success' | 'warning' | 'error' | 'info',
  message: MessageDescriptor,
  options: NotifyOptions = {},
) {
  return toast[kind](<Translated message={message} />, {
    description: options.description ? <Translated message={options.description} /> : undefined,
    duration: options.duration,
    id: options.id,
  })
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
  dismiss: (id?: string | number) => toast.dismiss(id),
}
