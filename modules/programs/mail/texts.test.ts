import type { MessageDescriptor } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { mailI18n, mailLocales } from '../../platform/mail/i18n.ts'
import { renderEmail } from '../../platform/mail/render.ts'
import { acceptorInvitationEmail } from './index.ts'
import {
  acceptorStatusDescriptions,
  programStatusDescriptions,
  programTypeDescriptions,
  reminderSenderTypeDescriptions,
  statusTypeDescriptions,
  valueTypeDescriptions,
} from './labels.ts'
import { reminderPlaceholders, reminderTemplates } from './reminder-templates.ts'

/** Runs `render` in every language and fails on any message the catalog lacks. */
function noneMissing(render: (locale: (typeof mailLocales)[number]) => void) {
  for (const locale of mailLocales) {
    const missing: string[] = []
    const onMissing = (e: { id: string }) => missing.push(e.id)
    mailI18n(locale).on('missing', onMissing)
    try {
      render(locale)
    } finally {
      mailI18n(locale).removeListener('missing', onMissing)
    }
    expect(missing, locale).toEqual([])
  }
}

describe('acceptor invitation e-mail', () => {
  it('renders in every language, each its own, with the link and the names', () => {
    const subjects = new Set<string>()
    noneMissing((locale) => {
      const email = renderEmail(acceptorInvitationEmail, locale, acceptorInvitationEmail.example)
      expect(email.html).toContain(`<html lang="${locale}"`)
      expect(email.text).toContain(acceptorInvitationEmail.example.url)
      expect(email.subject).toContain('Vries Vouchers B.V.')
      expect(email.subject).toContain('Pay at the market')
      expect(`${email.subject}\n${email.text}`).not.toMatch(/\bprograms\.[a-z-]+\.[a-z-]+/)
      subjects.add(email.subject)
    })
    expect(subjects.size).toBe(mailLocales.length)
  })

  it('asks an acceptor with an account to sign in and anyone else to register', () => {
    const text = (hasAccount: boolean) =>
      renderEmail(acceptorInvitationEmail, 'en', { ...acceptorInvitationEmail.example, hasAccount }).text
    expect(text(true)).toContain('Sign in to your acceptor account')
    expect(text(false)).toContain('Create your acceptor account')
  })
})

describe('commons texts', () => {
  const descriptors: MessageDescriptor[] = [
    ...Object.values(programTypeDescriptions),
    ...Object.values(programStatusDescriptions),
    ...Object.values(acceptorStatusDescriptions),
    ...Object.values(statusTypeDescriptions),
    ...Object.values(valueTypeDescriptions),
    ...Object.values(reminderSenderTypeDescriptions),
    ...reminderTemplates.flatMap((t) => [t.title, t.description, t.subject, t.text]),
  ]

  it('are translated in every language', () => {
    const keep = Object.fromEntries(reminderPlaceholders.map((p) => [p, `{${p}}`]))
    noneMissing((locale) => {
      for (const d of descriptors) {
        const text = mailI18n(locale)._({ ...d, values: keep })
        expect(text.length, `${d.id} in ${locale}`).toBeGreaterThan(0)
      }
    })
  })

  it('keep every placeholder of the reminder templates in every language', () => {
    const keep = Object.fromEntries(reminderPlaceholders.map((p) => [p, `{${p}}`]))
    for (const locale of mailLocales) {
      for (const t of reminderTemplates) {
        const text = mailI18n(locale)._({ ...t.text, values: keep })
        for (const p of reminderPlaceholders) expect(text, `${t.key} in ${locale}`).toContain(`{${p}}`)
        expect(mailI18n(locale)._({ ...t.subject, values: keep })).toContain('{invoice_number}')
      }
    }
  })
})
