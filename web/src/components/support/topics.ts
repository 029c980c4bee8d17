/** What a support request is about (the support API's `topic`); read by the route without zod. */
export const supportTopics = ['general', 'account', 'payment', 'order', 'card', 'bill'] as const
export type SupportTopic = (typeof supportTopics)[number]
