import { demoUsers } from './seed-demo.ts'
import type { DemoCall } from './seed-demo-programs.ts'

/**
 * The demo credit management program, through the public API as the owner portal makes it:
 * "Contributie Tennisclub De Hoek" with its bill contact, a two-step ladder from the system
 * templates (a friendly note three days before the due date; a reminder a week after it that adds
 * €5.00), card and iDEAL at the sandbox, and two bills to the demo card holder, so `/bills` and the
 * owner's bill list show something at once. Once: nothing is made when the demo owner already has
 * a credit program.
 */
export async function seedDemoCredit(call: DemoCall): Promise<string[]> {
  const credit = await call<{ count: number }>('programs', 'GET', '/manager/programs?filter=all&type=2001')
  if (credit.count > 0) return []
  const program = (
    await call<{ result: { uuid: string } }>('programs', 'POST', '/manager/programs', {
      type: 2001,
      title: 'Contributie Tennisclub De Hoek',
      description: 'Contributie en baanhuur, per rekening aan de leden, met herinneringen.',
    })
  ).result.uuid
  await call('programs', 'PATCH', `/manager/reminder-settings/${program}`, {
    contact: {
      account: 'NL91 ABNA 0417 1643 00',
      phone_code: '+31',
      phone_number: '201234567',
      chamber: '12345678',
      vat: 'NL001234567B01',
      is_showed: true,
      address: {
        country: 'Nederland',
        state: 'Noord-Holland',
        city: 'Amsterdam',
        address: 'Hoekweg 1',
        zip: '1011 AB',
      },
    },
    contact_line: 'Vragen over je rekening? Mail de penningmeester: penningmeester@dehoek.example.',
    time_zone: 'Europe/Amsterdam',
  })
  await call('programs', 'PATCH', `/manager/programs/${program}`, { status: 11003 })
  const templates = await call<{
    results: { id: number; key: string; title: string; subject: string; text: string }[]
  }>('programs', 'GET', '/manager/commons/reminder-templates?lang=nl')
  const template = (key: string) => templates.results.find((t) => t.key === key) ?? templates.results[0]
  const ladder = [
    { key: 'friendly', sender_type: 1, value: 3, penalty: null },
    { key: 'reminder', sender_type: 2, value: 7, penalty: { value_type: 1, amount: 500 } },
  ] as const
  for (const step of ladder) {
    const t = template(step.key)
    if (!t) throw new Error('no reminder templates')
    await call('programs', 'POST', '/manager/reminders', {
      program,
      title: t.title,
      subject: t.subject,
      text: t.text,
      template: t.id,
      is_system: true,
      time: { sender_type: step.sender_type, value: step.value },
      send_time: '09:00',
      period: { type: 11, value: 14 },
      penalty: step.penalty,
    })
  }
  await call('programs', 'POST', '/manager/program-methods', {
    program,
    methods: [
      { method_id: 'card', provider_id: 'sandbox', is_used: true },
      { method_id: 'ideal', provider_id: 'sandbox', is_used: true },
    ],
  })
  for (const status of [11004, 11001])
    await call('programs', 'PATCH', `/manager/programs/${program}`, { status })

  const holderEmail = demoUsers.find((u) => u.portal === 'cardholder')?.email ?? ''
  const found = await call<{ results: { uuid: string }[] }>(
    'programs',
    'GET',
    `/user/cardholders/autocomplete?search=${encodeURIComponent(holderEmail)}`,
  )
  const holder = found.results[0]?.uuid
  if (!holder) throw new Error('the demo card holder was not found')
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
  const bills = [
    {
      due: 5,
      items: [
        { description: 'Contributie 2027, eerste helft', quantity: 1, unit_price: 9500, vat: 'exempt' },
      ],
    },
    {
      due: 21,
      items: [
        { description: 'Baanhuur binnenbaan (uur)', quantity: 4, unit_price: 1800, vat: 'high' },
        { description: 'Ballen, blik van 4', quantity: 2, unit_price: 650, vat: 'high' },
      ],
    },
  ]
  for (const bill of bills) {
    await call('programs', 'POST', '/manager/bills', {
      program,
      holder,
      due_date: inDays(bill.due),
      items: bill.items,
    })
  }
  return ['credit program "Contributie Tennisclub De Hoek" with two bills to the demo card holder']
}
