import { MailIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** Where the e-mail (a code, a link) went: a muted box with a mail icon. */
export function SentNotice({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg bg-muted/60 px-3.5 py-3 text-sm">
      <MailIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-600" />
      <p>{children}</p>
    </div>
  )
}
