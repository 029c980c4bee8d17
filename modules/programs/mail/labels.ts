import type { MessageDescriptor } from '@lingui/core'
import type {
  AcceptorStatusName,
  ProgramStatusName,
  ProgramTypeName,
  ReminderSenderTypeName,
  StatusTypeName,
  ValueTypeName,
} from '../codes.ts'

/*
 * Descriptions of the program module's codes, as the API serves them (`description` next to the
 * stable `title` key). They live in the server-side catalog with the e-mails (this folder is in its
 * `include`), as message descriptors with explicit ids marked `/*i18n*\/`.
 */

export const programTypeDescriptions: Record<ProgramTypeName, MessageDescriptor> = {
  card: /*i18n*/ { id: 'programs.type.card', message: 'Vouchers and gift cards' },
  creditManagement: /*i18n*/ {
    id: 'programs.type.credit-management',
    message: 'Bills with reminders and penalties',
  },
  paymentManagement: /*i18n*/ {
    id: 'programs.type.payment-management',
    message: 'The phone as payment terminal, with payment methods and payment notifications',
  },
  foodsManagement: /*i18n*/ {
    id: 'programs.type.foods-management',
    message: 'Food ordering at one restaurant',
  },
  foodCourtManagement: /*i18n*/ {
    id: 'programs.type.food-court-management',
    message: 'Food ordering at a group of invited restaurants',
  },
}

export const programStatusDescriptions: Record<ProgramStatusName, MessageDescriptor> = {
  active: /*i18n*/ {
    id: 'programs.status.active',
    message: 'Running: acceptors and card holders can use the program',
  },
  draftStep1: /*i18n*/ {
    id: 'programs.status.draft-step-1',
    message: 'Draft: continue with step 1 of the set-up',
  },
  draftStep2: /*i18n*/ {
    id: 'programs.status.draft-step-2',
    message: 'Draft: continue with step 2 of the set-up',
  },
  draftStep3: /*i18n*/ {
    id: 'programs.status.draft-step-3',
    message: 'Draft: the set-up is complete and the program can be activated',
  },
  pending: /*i18n*/ { id: 'programs.status.pending', message: 'Pending: waiting before it can start' },
  expired: /*i18n*/ { id: 'programs.status.expired', message: 'Expired: the program period has ended' },
  blocked: /*i18n*/ {
    id: 'programs.status.blocked',
    message: 'Blocked: unavailable to acceptors and card holders',
  },
}

export const acceptorStatusDescriptions: Record<AcceptorStatusName, MessageDescriptor> = {
  active: /*i18n*/ { id: 'programs.acceptor-status.active', message: 'Takes part in the program' },
  pending: /*i18n*/ {
    id: 'programs.acceptor-status.pending',
    message: 'Invited, has not answered yet',
  },
  unsubscribed: /*i18n*/ {
    id: 'programs.acceptor-status.unsubscribed',
    message: 'Removed from the program by its owner',
  },
  rejected: /*i18n*/ { id: 'programs.acceptor-status.rejected', message: 'Declined the invitation' },
  blocked: /*i18n*/ {
    id: 'programs.acceptor-status.blocked',
    message: 'Blocked by the program owner: cannot take payments in the program',
  },
}

export const statusTypeDescriptions: Record<StatusTypeName, MessageDescriptor> = {
  program: /*i18n*/ { id: 'programs.status-type.program', message: 'Statuses of a program' },
  acceptor: /*i18n*/ {
    id: 'programs.status-type.acceptor',
    message: 'Statuses of an acceptor in a program',
  },
}

export const valueTypeDescriptions: Record<ValueTypeName, MessageDescriptor> = {
  amount: /*i18n*/ { id: 'programs.value-type.amount', message: 'A fixed amount in the program currency' },
  percent: /*i18n*/ { id: 'programs.value-type.percent', message: 'A percentage of the amount due' },
}

export const reminderSenderTypeDescriptions: Record<ReminderSenderTypeName, MessageDescriptor> = {
  beforeDueDate: /*i18n*/ {
    id: 'programs.reminder-sender-type.before-due-date',
    message: 'Sent a number of days before the due date',
  },
  afterDueDate: /*i18n*/ {
    id: 'programs.reminder-sender-type.after-due-date',
    message: 'Sent a number of days after the due date',
  },
}
