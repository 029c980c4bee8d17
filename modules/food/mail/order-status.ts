import { z } from 'zod'
import { defineEmail, type MailBlock, mailMoney } from '../../platform/mail/define.ts'

const m = {
  paidSubject: /*i18n*/ {
    id: 'food.order.paid.subject',
    message: 'Your order {number} at {restaurant} is paid',
  },
  paidBody: /*i18n*/ {
    id: 'food.order.paid.body',
    message: 'Dear {name}, thank you for your order. {restaurant} has received it and will start on it soon.',
  },
  deliveringSubject: /*i18n*/ {
    id: 'food.order.out_for_delivery.subject',
    message: 'Your order {number} is on its way',
  },
  deliveringBody: /*i18n*/ {
    id: 'food.order.out_for_delivery.body',
    message: 'Dear {name}, your order from {restaurant} has left the kitchen and is on its way to you.',
  },
  readySubject: /*i18n*/ {
    id: 'food.order.ready.subject',
    message: 'Your order {number} is ready for pickup',
  },
  readyBody: /*i18n*/ {
    id: 'food.order.ready.body',
    message: 'Dear {name}, your order is ready. You can pick it up at {restaurant} now.',
  },
  deliveredSubject: /*i18n*/ {
    id: 'food.order.delivered.subject',
    message: 'Your order {number} is delivered',
  },
  deliveredBody: /*i18n*/ {
    id: 'food.order.delivered.body',
    message: 'Dear {name}, your order from {restaurant} has been delivered. Enjoy your meal!',
  },
  pickedUpSubject: /*i18n*/ {
    id: 'food.order.picked_up.subject',
    message: 'Your order {number} is picked up',
  },
  pickedUpBody: /*i18n*/ {
    id: 'food.order.picked_up.body',
    message: 'Dear {name}, you picked up your order at {restaurant}. Enjoy your meal!',
  },
  order: /*i18n*/ { id: 'food.order.number', message: 'Order' },
  total: /*i18n*/ { id: 'food.order.total', message: 'Total' },
  items: /*i18n*/ { id: 'food.order.items', message: 'What you ordered' },
  view: /*i18n*/ { id: 'food.order.view', message: 'Follow your order' },
  footer: /*i18n*/ {
    id: 'food.order.footer',
    message: 'You receive this e-mail because you ordered at {restaurant}.',
  },
}

const texts = {
  paid: [m.paidSubject, m.paidBody],
  out_for_delivery: [m.deliveringSubject, m.deliveringBody],
  readyForPickup: [m.readySubject, m.readyBody],
  delivered: [m.deliveredSubject, m.deliveredBody],
  pickedUp: [m.pickedUpSubject, m.pickedUpBody],
} as const

/**
 * The customer's news about their food order, in the language they ordered in: paid, out for
 * delivery (ready for pickup), delivered (picked up), with the order's number, total, items and a
 * button to its page.
 */
export const foodOrderEmail = defineEmail({
  name: 'food.order-status',
  schema: z.object({
    status: z.enum(['paid', 'out_for_delivery', 'readyForPickup', 'delivered', 'pickedUp']),
    name: z.string().trim().min(1).max(300),
    restaurant: z.string().trim().min(1).max(300),
    number: z.string().min(1).max(40),
    total: mailMoney,
    items: z.array(z.string().max(400)).max(50),
    url: z.url({ protocol: /^https?$/ }),
  }),
  example: {
    status: 'paid',
    name: 'Anna de Vries',
    restaurant: 'Eetcafé De Hoek',
    number: '#1042',
    total: { amount: 2_450, currency: 'EUR' },
    items: ['2 × Margherita', '1 × Cola'],
    url: 'http://localhost:3000/orders/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  },
  build(data, { t, money }) {
    const [subject, body] = texts[data.status]
    const v = { name: data.name, restaurant: data.restaurant, number: data.number }
    const blocks: MailBlock[] = [
      { type: 'paragraph', text: t(body, v) },
      {
        type: 'details',
        rows: [
          { label: t(m.order), value: data.number },
          { label: t(m.total), value: money(data.total) },
        ],
      },
      ...(data.items.length
        ? [{ type: 'paragraph' as const, text: `${t(m.items)}: ${data.items.join(', ')}` }]
        : []),
      { type: 'button', label: t(m.view), url: data.url },
    ]
    return { subject: t(subject, v), preheader: t(body, v), blocks, footer: t(m.footer, v) }
  },
})
