import { z } from 'zod'
import { defineEmail, type MailBlock } from '../../platform/mail/define.ts'
import { brandName } from '../../platform/mail/layout.ts'

const m = {
  subject: /*i18n*/ {
    id: 'programs.acceptor-invitation.subject',
    message: '{inviter} invites you to the program {program}',
  },
  preheader: /*i18n*/ {
    id: 'programs.acceptor-invitation.preheader',
    message: 'Take part in {program} as an acceptor at {brand}.',
    comment: 'An acceptor is a merchant or restaurant that takes part in programs',
  },
  heading: /*i18n*/ { id: 'programs.acceptor-invitation.heading', message: 'You are invited' },
  body: /*i18n*/ {
    id: 'programs.acceptor-invitation.body',
    message: '{inviter} invites you to take part in the program {program} at {brand} as an acceptor.',
    comment: 'An acceptor is a merchant or restaurant that takes part in programs',
  },
  signIn: /*i18n*/ {
    id: 'programs.acceptor-invitation.sign-in',
    message: 'Sign in to your acceptor account to accept or decline the invitation.',
  },
  register: /*i18n*/ {
    id: 'programs.acceptor-invitation.register',
    message:
      'Create your acceptor account with the button below. The invitation then waits for you under Programs, where you accept or decline it.',
  },
  buttonSignIn: /*i18n*/ {
    id: 'programs.acceptor-invitation.button-sign-in',
    message: 'View the invitation',
  },
  buttonRegister: /*i18n*/ {
    id: 'programs.acceptor-invitation.button-register',
    message: 'Register and respond',
  },
  ignore: /*i18n*/ {
    id: 'programs.acceptor-invitation.ignore',
    message: 'Not expecting this? Then ignore this e-mail: nothing happens unless you accept.',
  },
  footer: /*i18n*/ {
    id: 'programs.acceptor-invitation.footer',
    message: 'You receive this e-mail because {inviter} invited {email} to a program at {brand}.',
  },
}

/**
 * The invitation of an acceptor to a program, with a link to the acceptor portal that carries the
 * invitation: to the registration when the address has no acceptor account yet, else to Programs.
 */
export const acceptorInvitationEmail = defineEmail({
  name: 'programs.acceptor-invitation',
  schema: z.object({
    inviter: z.string().trim().min(1).max(300),
    program: z.string().trim().min(1).max(200),
    email: z.email(),
    url: z.url({ protocol: /^https?$/ }),
    hasAccount: z.boolean(),
  }),
  example: {
    inviter: 'Vries Vouchers B.V.',
    program: 'Pay at the market',
    email: 'shop@example.com',
    url: 'http://acceptor.localhost:3000/registration?invite=q3X9kZ0yR2bV7wT1nL5mP8sD4fG6hJ0aC2eB9uY3iO1',
    hasAccount: false,
  },
  build(data, { t }) {
    const names = { inviter: data.inviter, program: data.program, brand: brandName }
    const blocks: MailBlock[] = [
      { type: 'heading', text: t(m.heading) },
      { type: 'paragraph', text: t(m.body, names) },
      { type: 'paragraph', text: t(data.hasAccount ? m.signIn : m.register) },
      { type: 'button', label: t(data.hasAccount ? m.buttonSignIn : m.buttonRegister), url: data.url },
      { type: 'note', text: t(m.ignore) },
    ]
    return {
      subject: t(m.subject, names),
      preheader: t(m.preheader, names),
      blocks,
      footer: t(m.footer, { ...names, email: data.email }),
    }
  },
})
