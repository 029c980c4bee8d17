import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { BellIcon, CheckCircle2Icon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { describeApiError } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { countriesQueryOptions } from '~/lib/queries/geo.ts'
import { readDraft } from './draft.ts'
import { registerInterest } from './registration-api.ts'
import { Notice } from './step-card.tsx'

const typeOf = { programs: 1, acceptor: 2 } as const

/**
 * The platform serves a few countries (the API lists them). For another one the registration
 * cannot go on; the visitor may leave the confirmed e-mail address to hear when it opens.
 */
export function UnsupportedCountry({
  portal,
  country,
}: {
  portal: 'programs' | 'acceptor'
  country: string
}) {
  const { i18n } = useLingui()
  const countries = useQuery(countriesQueryOptions(i18n.locale))
  const name = countries.data?.find((c) => c.code === country.toUpperCase())?.name ?? country
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle')

  const leaveEmail = async () => {
    const email = readDraft(portal).email
    if (!email) return
    setState('sending')
    try {
      await registerInterest(email, country, typeOf[portal], i18n.locale)
      setState('done')
    } catch (error) {
      setState('idle')
      notify.error(describeApiError(error))
    }
  }

  if (state === 'done') {
    return (
      <Notice tone="info" testId="unsupported-country-done">
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2Icon aria-hidden="true" className="size-4" />
          <Trans>Thank you. We will write to you when we open in {name}.</Trans>
        </p>
      </Notice>
    )
  }
  return (
    <Notice tone="info" testId="unsupported-country">
      <p className="font-medium">
        <Trans>We do not serve {name} yet.</Trans>
      </p>
      <p>
        <Trans>
          Registration is open for companies and people based in a country we serve. Leave us your e-mail
          address and we will let you know when we open in {name}.
        </Trans>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={leaveEmail}
        disabled={state === 'sending'}
        aria-busy={state === 'sending'}
      >
        <BellIcon aria-hidden="true" />
        <Trans>Let me know</Trans>
      </Button>
    </Notice>
  )
}
