/**
 * E-mail: templates rendered per language and an SMTP mailer.
 *
 *   const { subject, text, html } = renderEmail('support.request-received', user.language, data)
 *   await services.mailer.send({ to: user.email, subject, text, html, messageId: event.id })
 */
export {
  defineEmail,
  formatMoney,
  type MailBlock,
  type MailContent,
  type MailTemplate,
  mailMoney,
  type RenderContext,
} from './define.ts'
export { defaultMailLocale, type MailLocale, mailLocales, resolveMailLocale } from './i18n.ts'
export { escapeHtml } from './layout.ts'
export { createMailer, type Mailer, type MailMessage, normalizeMessageId } from './mailer.ts'
export {
  emailTemplate,
  MailDataError,
  type MailTemplateName,
  type MailTemplates,
  type RenderedEmail,
  registerEmails,
  renderEmail,
  templates,
} from './render.ts'
export { supportRequestNotification, supportRequestReceived } from './templates/index.ts'
