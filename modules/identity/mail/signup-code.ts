import { z } from 'zod'
import { defineEmail, type MailBlock } from '../../platform/mail/define.ts'
import { brandName } from '../../platform/mail/layout.ts'

/*
 * Every string is a message descriptor with an explicit id, marked `/*i18n*\/` so the catalogs
 * script extracts it (see modules/platform/mail/templates/support.ts).
 */
const m = {
  subject: /*i18n*/ {
    id: 'identity.signup-code.subject',
    message: 'Your confirmation code: {code}',
  },
  preheader: /*i18n*/ {
    id: 'identity.signup-code.preheader',
    message: 'Enter this code to confirm your e-mail address. It is valid for {minutes} minutes.',
  },
  heading: /*i18n*/ { id: 'identity.signup-code.heading', message: 'Confirm your e-mail address' },
  introPrograms: /*i18n*/ {
    id: 'identity.signup-code.intro-programs',
    message:
      'You are creating a program owner account at {brand}. Enter the code below on the registration screen to confirm your e-mail address.',
  },
  introAcceptor: /*i18n*/ {
    id: 'identity.signup-code.intro-acceptor',
    message:
      'You are registering as an acceptor at {brand}. Enter the code below on the registration screen to confirm your e-mail address.',
    comment: 'An acceptor is a merchant or restaurant that takes part in programs',
  },
  introCardholder: /*i18n*/ {
    id: 'identity.signup-code.intro-cardholder',
    message:
      'You are creating a card holder account at {brand}. Enter the code below on the registration screen to confirm your e-mail address.',
  },
  codeLabel: /*i18n*/ { id: 'identity.signup-code.code-label', message: 'Confirmation code' },
  validity: /*i18n*/ {
    id: 'identity.signup-code.validity',
    message: 'The code is valid for {minutes} minutes and can be used once.',
  },
  button: /*i18n*/ { id: 'identity.signup-code.button', message: 'Confirm e-mail address' },
  ignore: /*i18n*/ {
    id: 'identity.signup-code.ignore',
    message:
      'Did you not ask for this? Then you can ignore this e-mail: no account is created without the code.',
  },
  footer: /*i18n*/ {
    id: 'identity.signup-code.footer',
    message: 'You receive this e-mail because this address was entered to register at {brand}.',
  },
}

const intro = { programs: m.introPrograms, acceptor: m.introAcceptor, cardholder: m.introCardholder }

/** The 6-digit code that confirms the e-mail address of a new program owner, acceptor or card holder. */
export const signupCodeEmail = defineEmail({
  name: 'identity.signup-code',
  schema: z.object({
    code: z.string().regex(/^\d{6}$/),
    minutes: z.number().int().positive(),
    /** Which registration: the portal the account is for. */
    audience: z.enum(['programs', 'acceptor', 'cardholder']),
    /** A link that fills the code in for the reader (only where the portal has a confirm screen). */
    confirmUrl: z.url({ protocol: /^https?$/ }).optional(),
  }),
  example: {
    code: '042917',
    minutes: 15,
    audience: 'programs',
    confirmUrl: 'http://programs.localhost:3000/registration/confirm?email=anna%40example.com&code=042917',
  },
  build(data, { t }) {
    const blocks: MailBlock[] = [
      { type: 'heading', text: t(m.heading) },
      { type: 'paragraph', text: t(intro[data.audience], { brand: brandName }) },
      { type: 'details', rows: [{ label: t(m.codeLabel), value: data.code }] },
      { type: 'paragraph', text: t(m.validity, { minutes: data.minutes }) },
    ]
    if (data.confirmUrl) blocks.push({ type: 'button', label: t(m.button), url: data.confirmUrl })
    blocks.push({ type: 'note', text: t(m.ignore) })
    return {
      subject: t(m.subject, { code: data.code }),
      preheader: t(m.preheader, { minutes: data.minutes }),
      blocks,
      footer: t(m.footer, { brand: brandName }),
    }
  },
})
