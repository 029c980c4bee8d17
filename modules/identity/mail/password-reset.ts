import { z } from 'zod'
import { defineEmail, type MailBlock } from '../../platform/mail/define.ts'
import { brandName } from '../../platform/mail/layout.ts'

const m = {
  subject: /*i18n*/ { id: 'identity.password-reset.subject', message: 'Set a new password for {brand}' },
  preheader: /*i18n*/ {
    id: 'identity.password-reset.preheader',
    message: 'Use the link within {minutes} minutes to choose a new password.',
  },
  heading: /*i18n*/ { id: 'identity.password-reset.heading', message: 'Forgot your password?' },
  greeting: /*i18n*/ { id: 'identity.password-reset.greeting', message: 'Dear {name},' },
  greetingAnonymous: /*i18n*/ { id: 'identity.password-reset.greeting-anonymous', message: 'Hello,' },
  body: /*i18n*/ {
    id: 'identity.password-reset.body',
    message:
      'We received a request to set a new password for your account. Click the button below to choose a new one.',
  },
  button: /*i18n*/ { id: 'identity.password-reset.button', message: 'Set a new password' },
  validity: /*i18n*/ {
    id: 'identity.password-reset.validity',
    message:
      'The link is valid for {minutes} minutes and works once. When it has expired, you can ask for a new one.',
  },
  sessions: /*i18n*/ {
    id: 'identity.password-reset.sessions',
    message: 'Once the new password is set, you are signed out on every device.',
  },
  ignore: /*i18n*/ {
    id: 'identity.password-reset.ignore',
    message: 'Did you not ask for this? Then ignore this e-mail: your password stays as it is.',
  },
  invitationSubject: /*i18n*/ {
    id: 'identity.password-reset.invitation-subject',
    message: '{inviter} created an account for you at {brand}',
  },
  invitationHeading: /*i18n*/ {
    id: 'identity.password-reset.invitation-heading',
    message: 'Welcome to {brand}',
  },
  invitationBody: /*i18n*/ {
    id: 'identity.password-reset.invitation-body',
    message:
      '{inviter} created an account for you at {brand}, where you can see and pay your invoices. Choose a password to sign in.',
  },
  invitationButton: /*i18n*/ {
    id: 'identity.password-reset.invitation-button',
    message: 'Choose a password',
  },
  invitationValidity: /*i18n*/ {
    id: 'identity.password-reset.invitation-validity',
    message:
      'The link is valid for {days} days and works once. After that, use "Forgot password" on the sign-in page.',
  },
  footer: /*i18n*/ {
    id: 'identity.password-reset.footer',
    message: 'You receive this e-mail because a new password was requested for your account at {brand}.',
  },
}

/** The single-use link of "forgot password" that opens the portal's set-password screen. */
export const passwordResetEmail = defineEmail({
  name: 'identity.password-reset',
  schema: z.object({
    name: z.string().trim().max(300).optional(),
    url: z.url({ protocol: /^https?$/ }),
    minutes: z.number().int().positive(),
    /** Set when the account was made for the person by someone else (a bill's card holder). */
    inviter: z.string().trim().min(1).max(300).optional(),
  }),
  example: {
    name: 'Anna de Vries',
    url: 'http://programs.localhost:3000/password?token=q3X9kZ0yR2bV7wT1nL5mP8sD4fG6hJ0aC2eB9uY3iO1',
    minutes: 60,
  },
  build(data, { t }) {
    if (data.inviter) {
      const names = { inviter: data.inviter, brand: brandName }
      return {
        subject: t(m.invitationSubject, names),
        preheader: t(m.invitationBody, names),
        blocks: [
          { type: 'heading', text: t(m.invitationHeading, names) },
          {
            type: 'paragraph',
            text: data.name ? t(m.greeting, { name: data.name }) : t(m.greetingAnonymous),
          },
          { type: 'paragraph', text: t(m.invitationBody, names) },
          { type: 'button', label: t(m.invitationButton), url: data.url },
          { type: 'paragraph', text: t(m.invitationValidity, { days: Math.round(data.minutes / 1440) }) },
        ],
      }
    }
    const blocks: MailBlock[] = [
      { type: 'heading', text: t(m.heading) },
      { type: 'paragraph', text: data.name ? t(m.greeting, { name: data.name }) : t(m.greetingAnonymous) },
      { type: 'paragraph', text: t(m.body) },
      { type: 'button', label: t(m.button), url: data.url },
      { type: 'paragraph', text: t(m.validity, { minutes: data.minutes }) },
      { type: 'paragraph', text: t(m.sessions) },
      { type: 'note', text: t(m.ignore) },
    ]
    return {
      subject: t(m.subject, { brand: brandName }),
      preheader: t(m.preheader, { minutes: data.minutes }),
      blocks,
      footer: t(m.footer, { brand: brandName }),
    }
  },
})
