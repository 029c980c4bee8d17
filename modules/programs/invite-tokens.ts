import { createHash, randomBytes } from 'node:crypto'

/**
 * The secret of an invitation link. Made when the e-mail is sent (each resend makes a new one and
 * the old link stops counting) and stored only as its SHA-256, so a database leak reveals no link.
 * The link proves its holder received the invitation: it lets a new acceptor account with another
 * e-mail address take the invitation over.
 */
export const newInviteToken = () => randomBytes(32).toString('base64url')
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex')
