import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileMailCatalogs, mailCatalog } from './catalogs.ts'
import { formatMoney } from './define.ts'
import { compiledCatalogPath, mailI18n, mailLocales, resolveMailLocale } from './i18n.ts'
import { MailDataError, renderEmail, templates } from './render.ts'
import { supportRequestNotification, supportRequestReceived } from './templates/index.ts'

describe('e-mail catalogs', () => {
  it('have a non-empty translation of every message in the source, in every language', async () => {
    const { catalog } = await mailCatalog()
    const extracted = await catalog.collect()
    const ids = Object.keys(extracted ?? {})
    expect(ids.length).toBeGreaterThan(0)
    const problems: string[] = []
    for (const locale of mailLocales) {
      const po = (await catalog.read(locale)) ?? {}
      for (const id of ids) {
        if (!(id in po)) problems.push(`${locale}: ${id} is missing (run catalogs.ts extract)`)
        else if (!po[id]?.translation?.trim()) problems.push(`${locale}: ${id} has an empty msgstr`)
      }
    }
    expect(problems).toEqual([])
  }, 60_000)

  it('are compiled: the committed JSON matches the .po files (run catalogs.ts compile)', async () => {
    const compiled = await compileMailCatalogs()
    for (const locale of mailLocales) {
      const committed = JSON.parse(readFileSync(compiledCatalogPath(locale), 'utf8')) as { messages: unknown }
      expect(committed.messages, locale).toEqual(compiled[locale])
    }
  })
})

describe('renderEmail', () => {
  it('knows the support templates', () => {
    expect(templates.map((t) => t.name)).toEqual(
      expect.arrayContaining(['support.request-received', 'support.request-notification']),
    )
  })

  for (const template of templates) {
    describe(template.name, () => {
      it('renders in every language without a missing translation', () => {
        for (const locale of mailLocales) {
          const i18n = mailI18n(locale)
          const missing: string[] = []
          const onMissing = (e: { id: string }) => missing.push(e.id)
          i18n.on('missing', onMissing)
          try {
            const email = renderEmail(template, locale, template.example)
            expect(email.locale).toBe(locale)
            expect(email.subject.length).toBeGreaterThan(0)
            expect(email.text).toContain('Cardpay')
            expect(email.html).toMatch(/^<!DOCTYPE html>/)
            expect(email.html).toContain(`<html lang="${locale}"`)
            expect(email.html).toContain('#4d7cfe')
            // An id rendered as itself means the catalog lacks it.
            expect(`${email.subject}\n${email.text}`).not.toMatch(/\b(support|layout)\.[a-z-]+\.[a-z-]+/)
          } finally {
            i18n.removeListener('missing', onMissing)
          }
          expect(missing, `${template.name} in ${locale}`).toEqual([])
        }
      })

      it('reads differently in each language', () => {
        const rendered = mailLocales.map((locale) => renderEmail(template, locale, template.example))
        expect(new Set(rendered.map((r) => r.subject)).size).toBe(mailLocales.length)
        expect(new Set(rendered.map((r) => r.text)).size).toBe(mailLocales.length)
        expect(new Set(rendered.map((r) => r.html)).size).toBe(mailLocales.length)
      })
    })
  }

  it('uses the stored language, Dutch when it is unknown', () => {
    expect(resolveMailLocale('de-AT')).toBe('de')
    expect(resolveMailLocale('UK')).toBe('uk')
    expect(resolveMailLocale('en_GB')).toBe('en')
    expect(resolveMailLocale('fr')).toBe('nl')
    expect(resolveMailLocale(null)).toBe('nl')
    const email = renderEmail('support.request-received', undefined, supportRequestReceived.example)
    expect(email.locale).toBe('nl')
    expect(email.subject).toBe('Wij hebben uw supportverzoek SR-2024-000123 ontvangen')
  })

  it('escapes user data in the HTML part and keeps it verbatim in the text part', () => {
    const name = '<script>alert("x")</script> & Co'
    const email = renderEmail('support.request-received', 'en', {
      ...supportRequestReceived.example,
      name,
      subject: '<img src=x onerror=alert(1)>',
    })
    expect(email.html).not.toContain('<script>')
    expect(email.html).not.toContain('<img')
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co')
    expect(email.text).toContain(`Dear ${name},`)
    const notification = renderEmail('support.request-notification', 'en', {
      ...supportRequestNotification.example,
      message: '</td></tr></table><a href="https://evil.example">click</a>',
    })
    expect(notification.html).not.toContain('<a href="https://evil.example">')
  })

  it('formats the disputed amount with Intl in the recipient locale', () => {
    const data = { ...supportRequestReceived.example, disputedAmount: { amount: 125050, currency: 'EUR' } }
    const expected = (locale: string) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1250.5)
    for (const locale of mailLocales) {
      expect(renderEmail('support.request-received', locale, data).text).toContain(expected(locale))
    }
    expect(formatMoney('nl', { amount: 125050n, currency: 'EUR' })).toBe(expected('nl'))
    expect(formatMoney('en', { amount: -5n, currency: 'EUR' })).toBe('-€0.05')
    expect(formatMoney('en', { amount: 1500n, currency: 'JPY' })).toBe('¥1,500')
    // Beyond Number.MAX_SAFE_INTEGER cents stays exact.
    expect(formatMoney('en', { amount: 9_007_199_254_740_993n, currency: 'USD' })).toBe(
      '$90,071,992,547,409.93',
    )
    const without = renderEmail('support.request-received', 'en', { ...data, disputedAmount: undefined })
    expect(without.text).not.toContain('Disputed amount')
  })

  it('rejects data that does not fit the template schema', () => {
    expect(() =>
      renderEmail('support.request-notification', 'en', {
        ...supportRequestNotification.example,
        requesterEmail: 'not-an-address',
      }),
    ).toThrow(MailDataError)
    expect(() =>
      renderEmail('support.request-notification', 'en', {
        ...supportRequestNotification.example,
        url: 'javascript:alert(1)',
      }),
    ).toThrow(/url/)
    expect(() => renderEmail('nobody.template' as 'support.request-received', 'en', {} as never)).toThrow(
      /unknown e-mail template/,
    )
  })
})
