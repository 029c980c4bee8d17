import type { Listed, ModuleErrors } from '../platform/errors.ts'

/** The support module's closed list of error reasons (the contact form). */
export const supportReasons = ['support_request_limit'] as const

declare module '../platform/errors.ts' {
  interface ErrorReasons extends Listed<typeof supportReasons> {}
}

export const supportErrors: ModuleErrors = { reasons: supportReasons }
