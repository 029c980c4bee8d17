import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Portal } from '~/lib/portal.ts'

/**
 * The questions and answers of `/help`, per portal, in the words of the screens they point at
 * (button and menu names as the portal shows them). Each has a stable id: the anchor of
 * `/help#<id>`, which the greeting page's first steps link to.
 */
export interface HelpTopic {
  id: HelpTopicId
  question: MessageDescriptor
  answer: MessageDescriptor
}

export type HelpTopicId =
  | 'create-program'
  | 'payment-methods'
  | 'invite-acceptor'
  | 'order-cards'
  | 'block-program'
  | 'refund'
  | 'payment-notifications'
  | 'join-program'
  | 'open-cashpoint'
  | 'take-payment'
  | 'take-card'
  | 'money-back'
  | 'daily-totals'
  | 'no-payments'
  | 'add-card'
  | 'card-balance'
  | 'where-to-use'
  | 'pay-qr'
  | 'receipts'
  | 'card-unusable'
  | 'find-user'
  | 'disable-user'
  | 'finances'
  | 'card-prices'
  | 'platform-provider'
  | 'block-any-program'
  | 'forgot-password'
  | 'language'
  | 'contact-support'

const owner: readonly HelpTopic[] = [
  {
    id: 'create-program',
    question: msg`How do I create a program?`,
    answer: msg`Under Programs, choose New program and pick its type: card (vouchers and gift cards), credit management, payment management, food or food court. Fill in the title and description, then follow the steps. Every step is saved as a draft, so you can stop and come back with Continue setup. In the last step you review the program and choose Activate program.`,
  },
  {
    id: 'payment-methods',
    question: msg`How do I choose how customers can pay?`,
    answer: msg`In a payment program, the Payment methods step lists the methods, such as card and iDEAL, with the payment providers that take them. Switch on the methods you want and choose a provider for each; a provider other than the sandbox needs your keys with that provider. The program can be activated once at least one method works.`,
  },
  {
    id: 'invite-acceptor',
    question: msg`How do I invite a business (acceptor)?`,
    answer: msg`Open an active program and go to Acceptors. Enter the e-mail address of the business and choose Invite. They receive an e-mail with a link to accept or decline; until they answer, the invitation shows as Pending. Resend sends it again (at most once a minute) and Withdraw takes it back.`,
  },
  {
    id: 'order-cards',
    question: msg`How do I order vouchers or gift cards?`,
    answer: msg`Open an active card program and choose Order cards. Enter the number of cards (1 to 10,000): the total shows the value on the cards plus the price per card and its VAT. Pay on the checkout page. The cards are issued as soon as the payment arrives, and under Card orders you download their codes as a CSV file.`,
  },
  {
    id: 'block-program',
    question: msg`How do I stop a program for a while?`,
    answer: msg`On the program's page choose Block program. A blocked program takes no payments and its cards cannot be used. Choose Unblock to continue; a program an administrator blocked can only be unblocked by an administrator. A draft cannot be blocked: delete it with Delete draft instead.`,
  },
  {
    id: 'refund',
    question: msg`How do I refund a payment?`,
    answer: msg`Open the payment under Transactions and choose Refund. Enter the amount, all of it or a part, and if you like a reason: the payer sees it on the receipt. The money goes back through the payment provider. Card orders are not refunded, because their cards carry the value.`,
  },
  {
    id: 'payment-notifications',
    question: msg`Can my own system hear about payments?`,
    answer: msg`Yes. On a payment program's page, open Payment notifications, choose Add notification and enter the address (URL) of your system and what to send. Every paid payment is sent there, signed with the signing secret. The delivery log shows each attempt, and Replay sends one again.`,
  },
]

const acceptor: readonly HelpTopic[] = [
  {
    id: 'join-program',
    question: msg`How do I join a program?`,
    answer: msg`A program owner invites your business by e-mail. Open the link in the e-mail and sign in, or create an account if you have none: the invitation opens and you choose Accept or Decline. Invitations you have not answered yet are also listed under Programs.`,
  },
  {
    id: 'open-cashpoint',
    question: msg`What is a cashpoint, and how do I open one?`,
    answer: msg`A cashpoint is a till or counter where you take payments, such as “Counter 1” or “Market stall”. Under Programs, open the program, type a name under New cashpoint and choose Open cashpoint. You can rename it later, or deactivate it when it is no longer used.`,
  },
  {
    id: 'take-payment',
    question: msg`How do I take a payment at the counter?`,
    answer: msg`Open Terminal and choose the cashpoint you are at. Enter the amount (a description is optional) and choose Show QR code. The customer scans the code with their phone's camera, sees your business and the amount, and pays. Your screen says Paid within seconds. A QR code works once and for 15 minutes; New payment starts the next sale.`,
  },
  {
    id: 'take-card',
    question: msg`How do I take a voucher or gift card?`,
    answer: msg`In Terminal, choose Accept a card at a cashpoint of the card's program. Scan the QR code on the card or type its 16-character code, enter the amount to take and confirm. The screen shows what is left on the card. An amount taken by mistake can be put back with Undo, within 24 hours.`,
  },
  {
    id: 'money-back',
    question: msg`A customer wants their money back. What do I do?`,
    answer: msg`Payments are refunded by the program owner: give them the payment's reference from Transactions and ask them to refund it. An amount you took from a card by mistake you can put back yourself with Undo, within 24 hours, under the latest cards taken at that cashpoint.`,
  },
  {
    id: 'daily-totals',
    question: msg`Where do I see what I took today?`,
    answer: msg`Home shows the payments taken at your cashpoints per day, and Statistics lets you choose the period. Every payment, with its receipt, is under Transactions. Days follow the platform's business time zone (Amsterdam).`,
  },
  {
    id: 'no-payments',
    question: msg`Why can I not take payments in a program?`,
    answer: msg`Payments are taken only in an active program your business takes part in. When the owner has blocked the program, or unsubscribed or blocked your business, its cashpoints take no payments and the terminal says so. Ask the program owner to continue.`,
  },
]

const holder: readonly HelpTopic[] = [
  {
    id: 'add-card',
    question: msg`How do I add a voucher or gift card?`,
    answer: msg`Go to Cards and choose Add a card. Type the 16-character code printed on the card, or scan its QR code with your camera. You see the card and its value before you add it. From then on it is listed under Cards and on Home.`,
  },
  {
    id: 'card-balance',
    question: msg`How do I see what is left on my card?`,
    answer: msg`Open the card under Cards. It shows what is left on it, how many uses are left, until when it is valid and where it was spent. A card that is used up, expired or blocked is shown greyed.`,
  },
  {
    id: 'where-to-use',
    question: msg`Where can I use my card?`,
    answer: msg`Under Programs, open the program of your card: its information page lists the businesses that take its cards. Show the card, or its code, at the counter of one of them.`,
  },
  {
    id: 'pay-qr',
    question: msg`How do I pay with a QR code?`,
    answer: msg`At the counter, the business shows a QR code. Scan it with your phone's camera, or choose Scan QR code on the Pay page. You see the business and the amount before you pay, then pay with one of the methods offered. Card details are entered on the payment provider's secure page, never on Cardpay.`,
  },
  {
    id: 'receipts',
    question: msg`Where do I find my payments and receipts?`,
    answer: msg`Under Transactions you find every payment you made while signed in, with the business you paid and its status. Open one to download its receipt as a PDF.`,
  },
  {
    id: 'card-unusable',
    question: msg`My card says used up, expired or blocked.`,
    answer: msg`Used up means nothing is left to spend on it. Expired means its validity has ended. Blocked means the card or its program is stopped by the owner for now. Ask the business or the program owner who gave you the card; for anything else, contact support.`,
  },
]

const admin: readonly HelpTopic[] = [
  {
    id: 'find-user',
    question: msg`How do I find a user?`,
    answer: msg`Under Users, choose a type (program owners, acceptors or card holders) and filter by name, e-mail address or phone. Open a user to see their full profile: contact details, company and addresses.`,
  },
  {
    id: 'disable-user',
    question: msg`How do I stop someone from using their account?`,
    answer: msg`Open the user and choose Disable user. They are signed out on every device at once and cannot sign in until you choose Enable user.`,
  },
  {
    id: 'finances',
    question: msg`How do I read the platform's finances?`,
    answer: msg`Finances shows the journals with their entries, the account balances and the trial balance on a date you choose. Days follow the business time zone (Amsterdam). Every entry balances: its debits equal its credits.`,
  },
  {
    id: 'card-prices',
    question: msg`How do I set the price of a card?`,
    answer: msg`Under Cards, Card prices lists the price of one card per card type (voucher, gift card) and currency. The price excludes VAT; VAT is added when a program owner orders cards.`,
  },
  {
    id: 'platform-provider',
    question: msg`Why can program owners not pay for card orders?`,
    answer: msg`Card orders are paid to the platform's own payment provider account. Set it up under Finances → Payment provider; until then owners are told that cards cannot be ordered yet.`,
  },
  {
    id: 'block-any-program',
    question: msg`Can I block any program?`,
    answer: msg`Yes. Open it under Programs and choose Block program: it takes no payments until it is unblocked. A program an administrator blocked can only be unblocked by an administrator.`,
  },
]

const everyone: readonly HelpTopic[] = [
  {
    id: 'forgot-password',
    question: msg`I forgot my password.`,
    answer: msg`On the sign-in page choose Forgot password? and enter your e-mail address. You receive a link to set a new password; it works once. Setting a new password signs you out on your other devices.`,
  },
  {
    id: 'language',
    question: msg`How do I change the language?`,
    answer: msg`Use the language menu at the top of the page, or Language in your account menu. When you are signed in, your choice is also the language of the e-mails you receive.`,
  },
  {
    id: 'contact-support',
    question: msg`My question is not here.`,
    answer: msg`Choose Contact support and send us your question. You receive a confirmation e-mail with a reference right away, and our answer by e-mail.`,
  },
]

export const helpTopics: Record<Portal, readonly HelpTopic[]> = {
  admin: [...admin, ...everyone],
  programs: [...owner, ...everyone],
  acceptor: [...acceptor, ...everyone],
  cardholder: [...holder, ...everyone],
}
