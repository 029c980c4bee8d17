import { Trans } from '@lingui/react/macro'
import { Navigate, useNavigate } from '@tanstack/react-router'
import { MailOpenIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { homePath } from '~/lib/guard.ts'
import { BusinessDetails, BusinessDetailsCard } from './business-details.tsx'
import { CheckEmail } from './check-email.tsx'
import { liveSignupToken, useDraft, writeDraft } from './draft.ts'
import { EmailStep } from './email-step.tsx'
import { ResendStep } from './resend-step.tsx'
import { Notice, SignInFooter, StepCard } from './step-card.tsx'

export type AcceptorStep = 'email' | 'code' | 'resend' | 'details'

/**
 * The acceptor's registration, all on /registration (the acceptor portal has no other
 * registration route): `?step=code` and `?step=details` after the e-mail. An invitation link
 * (`/registration?invite=<token>`) brings the token along; it is kept in the draft and sent with
 * the last step (`invite_token`), where the programs module links the new acceptor to the program.
 */
export function AcceptorRegistration({ step, invite }: { step: AcceptorStep; invite?: string | undefined }) {
  const navigate = useNavigate()
  const draft = useDraft('acceptor')
  const confirmedEmail = draft.email
  // Once the account exists the draft is cleared; the screen then waits for the navigation away
  // instead of reacting to the empty draft (which would send it back to the first step).
  const [finished, setFinished] = useState(false)
  const go = (next: AcceptorStep) => void navigate({ to: '/registration', search: { step: next } })

  // Keep the invitation for the last step, then drop it from the address bar.
  useEffect(() => {
    if (!invite) return
    writeDraft('acceptor', { invite })
    void navigate({ to: '/registration', search: step === 'email' ? {} : { step }, replace: true })
  }, [invite, step, navigate])

  const invited = Boolean(draft.invite || invite)
  if (finished) return null
  const invitation = invited ? (
    <Notice tone="info" testId="invitation">
      <p className="flex items-center gap-2 font-medium">
        <MailOpenIcon aria-hidden="true" className="size-4" />
        <Trans>You were invited to take part in a program.</Trans>
      </p>
      <p>
        <Trans>Create your account; you will find the invitation under Programs.</Trans>
      </p>
    </Notice>
  ) : null

  if (step === 'email') {
    return (
      <StepCard
        step={1}
        of={2}
        title={<Trans>Register as an acceptor</Trans>}
        description={<Trans>Start with your e-mail address. We send you a code to confirm it.</Trans>}
        footer={<SignInFooter />}
        testId="registration-email"
      >
        {invitation}
        <EmailStep portal="acceptor" onSent={() => go('code')} />
      </StepCard>
    )
  }
  if (step === 'code' || step === 'resend') {
    return (
      <StepCard
        step={1}
        of={2}
        title={step === 'code' ? <Trans>Check your e-mail</Trans> : <Trans>Ask for a new code</Trans>}
        description={<Trans>Enter the code from the e-mail to confirm your address.</Trans>}
        footer={<SignInFooter />}
        testId={step === 'code' ? 'registration-check-email' : 'registration-resend'}
      >
        {!draft.email ? (
          <Navigate to="/registration" search={{}} replace />
        ) : step === 'code' ? (
          <CheckEmail portal="acceptor" onConfirmed={() => go('details')} onChangeEmail={() => go('email')} />
        ) : (
          <ResendStep portal="acceptor" onSent={() => go('code')} />
        )}
      </StepCard>
    )
  }
  return (
    <BusinessDetailsCard confirmedEmail={confirmedEmail}>
      {invitation}
      {liveSignupToken(draft) ? (
        <BusinessDetails
          portal="acceptor"
          // Invited: the invitation waits under Programs, so that is where the new account starts.
          onDone={() => {
            setFinished(true)
            void navigate({ to: invited ? '/programs' : homePath('acceptor'), replace: true })
          }}
          onExpired={() => go('resend')}
        />
      ) : (
        <Navigate to="/registration" search={draft.email ? { step: 'code' } : {}} replace />
      )}
    </BusinessDetailsCard>
  )
}
