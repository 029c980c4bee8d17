import { type Logger, pino } from 'pino'

export type { Logger } from 'pino'

/** Structured JSON logs on stdout. Secrets and card data are redacted wherever they appear. */
export function createLogger(opts: { level?: string; name: string }): Logger {
  return pino({
    name: opts.name,
    level: opts.level ?? 'info',
    base: { service: opts.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        '*.password',
        '*.password_confirmation',
        '*.card_number',
        '*.cvc',
        'card.number',
        'card.cvc',
        '*.card.number',
        '*.card.cvc',
        '*.token',
        '*.secret',
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  })
}
