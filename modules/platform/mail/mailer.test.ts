import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpCapture, startSmtpCapture } from '../../../tests/support/smtp.ts'
import { createMailer, type Mailer, normalizeMessageId } from './mailer.ts'
import { renderEmail } from './render.ts'
import { supportRequestReceived } from './templates/index.ts'

describe('createMailer against a real SMTP server', () => {
  let smtp: SmtpCapture
  let mailer: Mailer

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Cardpay <no-reply@cardpay.test>' })
  })

  afterAll(async () => {
    mailer?.close()
    await smtp?.close()
  })

  it('delivers a rendered e-mail with its Message-ID, subject, text and HTML', async () => {
    const email = renderEmail('support.request-received', 'ru', {
      ...supportRequestReceived.example,
      name: 'Анна <b>Петрова</b>',
    })
    const sent = await mailer.send({
      to: 'anna@example.com',
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: 'evt-0193-support.request-received',
      headers: { 'X-Event-Id': 'evt-0193' },
    })
    expect(sent.messageId).toBe('<evt-0193-support.request-received@cardpay.test>')

    const [parsed] = await smtp.waitFor((m) => m.messageId === sent.messageId)
    expect(smtp.messages).toHaveLength(1)
    expect(parsed!.envelope).toEqual({ from: 'no-reply@cardpay.test', to: ['anna@example.com'] })
    expect(parsed!.messageId).toBe(sent.messageId)
    expect(parsed!.subject).toBe('Мы получили ваше обращение SR-2024-000123')
    expect(parsed!.to?.[0]).toMatchObject({ address: 'anna@example.com' })
    expect(parsed!.from).toMatchObject({ address: 'no-reply@cardpay.test', name: 'Cardpay' })
    expect(parsed!.text?.trim()).toBe(email.text.trim())
    expect(parsed!.html?.trim()).toBe(email.html.trim())
    expect(parsed!.html).toContain('Анна &lt;b&gt;Петрова&lt;/b&gt;')
    expect(parsed!.headers.find((h) => h.key === 'x-event-id')?.value).toBe('evt-0193')
  })

  it('gives every e-mail a Message-ID when the caller has none', async () => {
    const sent = await mailer.send({
      to: 'support@example.com',
      subject: 'Hi',
      text: 'Hello',
      html: '<p>Hello</p>',
    })
    expect(sent.messageId).toMatch(/^<.+@.+>$/)
    const [parsed] = await smtp.waitFor((m) => m.messageId === sent.messageId)
    expect(parsed!.envelope.to).toEqual(['support@example.com'])
  })

  it('fails the send (so the job is retried) when the server is unreachable', async () => {
    const down = createMailer({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'x@cardpay.test' })
    try {
      await expect(down.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow()
    } finally {
      down.close()
    }
  })
})

describe('normalizeMessageId', () => {
  it('completes a bare id and keeps a complete one', () => {
    expect(normalizeMessageId('0193abc', 'cardpay.test')).toBe('<0193abc@cardpay.test>')
    expect(normalizeMessageId('<x.y@mail.example>', 'cardpay.test')).toBe('<x.y@mail.example>')
    expect(normalizeMessageId('a b:c', 'cardpay.test')).toBe('<a-b-c@cardpay.test>')
  })
})
