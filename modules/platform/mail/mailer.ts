/** An e-mail ready to send: rendered subject, plain text and HTML. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** Stable Message-ID (derived from the event that caused it) so a repeated send is recognisable. */
  messageId?: string
  headers?: Record<string, string>
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>
  close(): void
}
