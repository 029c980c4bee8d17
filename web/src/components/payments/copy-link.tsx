import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckIcon, CopyIcon, ExternalLinkIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { notify } from '~/lib/notify.tsx'

/**
 * A payment link to pass on: the address itself (selectable), a Copy button (the specification's
 * "copy failed" when the browser refuses) and an Open link.
 */
export function CopyLink({ url, label }: { url: string; label?: string }) {
  const { t } = useLingui()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      notify.success(msg`Link copied`)
    } catch {
      notify.error(msg`Copy failed`)
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          readOnly
          value={url}
          aria-label={label ?? t`Payment link`}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-[13px]/normal"
          data-testid="pay-link"
        />
        <Button
          variant="outline"
          onClick={copy}
          disabled={!hydrated}
          data-testid="pay-link-copy"
          aria-label={t`Copy link`}
          title={t`Copy link`}
        >
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          <span className="hidden sm:inline">{copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
        </Button>
      </div>
      <Button variant="link" asChild className="h-auto w-fit px-0">
        <a href={url} target="_blank" rel="noopener" data-testid="pay-link-open">
          <ExternalLinkIcon aria-hidden="true" />
          <Trans>Open the payment page</Trans>
        </a>
      </Button>
    </div>
  )
}
