import { describe, expect, it } from 'vitest'
import { mailI18n, mailLocales } from '../../platform/mail/i18n.ts'
import { renderEmail } from '../../platform/mail/render.ts'
import { passwordResetEmail, signupCodeEmail } from '../mail/index.ts'

describe('registration e-mails', () => {
  for (const template of [signupCodeEmail, passwordResetEmail]) {
    it(`${template.name} renders in every language with every message translated`, () => {
      const english = renderEmail(template, 'en', template.example as never)
      for (const locale of mailLocales) {
        const missing: string[] = []
        const onMissing = (e: { id: string }) => missing.push(e.id)
        mailI18n(locale).on('missing', onMissing)
        try {
          const email = renderEmail(template, locale, template.example as never)
          expect(email.html).toContain(`<html lang="${locale}"`)
          expect(`${email.subject}\n${email.text}`).not.toMatch(/\bidentity\.[a-z-]+\.[a-z-]+/)
          if (locale !== 'en') expect(email.subject, locale).not.toBe(english.subject)
        } finally {
          mailI18n(locale).removeListener('missing', onMissing)
        }
        expect(missing, locale).toEqual([])
      }
    })
  }

  it('shows each registration its own introduction', () => {
    const intro = (audience: 'programs' | 'acceptor' | 'cardholder') =>
      renderEmail(signupCodeEmail, 'en', { code: '123456', minutes: 15, audience }).text
    expect(intro('programs')).toContain('program owner account')
    expect(intro('acceptor')).toContain('as an acceptor')
    expect(intro('cardholder')).toContain('card holder account')
    expect(intro('cardholder')).toContain('123456')
  })
})
