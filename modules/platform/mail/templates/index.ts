import { supportRequestNotification, supportRequestReceived } from './support.ts'

export { supportRequestNotification, supportRequestReceived }

/** The platform's own e-mails; other modules register theirs with `registerEmails`. */
export const platformTemplates = [supportRequestReceived, supportRequestNotification] as const
