import { z } from 'zod'
import type { Db } from '../../../platform/db.ts'
import {
  InvalidCredentials,
  type PaymentProvider,
  type ProviderContext,
  type ProviderPayment,
  WebhookRejected,
} from '../provider.ts'
import {
  cancelSandboxPayment,
  createSandboxPayment,
  getSandboxMerchant,
  getSandboxPayment,
  onboardSandboxMerchant,
  refundSandboxPayment,
  type SandboxPaymentView,
  transferSandboxSplit,
  webhookSecretOf,
} from './sandbox.ts'
import { signatureHeader, verifySandboxSignature } from './signature.ts'

const keyPattern = /^sk_test_[A-Za-z0-9_-]{16,}$/

const webhookBody = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.enum(['payment', 'merchant', 'transfer']), id: z.string().min(1) }),
})

/**
 * The adapter for the built-in sandbox provider: the default in development and tests. It calls
 * the sandbox in process (its "API"), but only with an API key and only through the same calls a
 * remote provider offers. Live mode is refused: the sandbox never moves real money.
 */
export function sandboxProvider(deps: { db: Db; publicUrl: string }): PaymentProvider {
  const { db, publicUrl } = deps
  const key = (ctx: ProviderContext) => {
    if (ctx.credentials.mode !== 'test')
      throw new InvalidCredentials('the sandbox has no live mode', 'no_live_mode')
    if (!keyPattern.test(ctx.credentials.api_key))
      throw new InvalidCredentials('not a sandbox API key (sk_test_…)', 'not_sandbox_key')
    return ctx.credentials.api_key
  }
  const toPayment = (p: SandboxPaymentView): ProviderPayment => ({
    providerPaymentId: p.id,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    checkoutUrl:
      p.status === 'open' || p.status === 'requires_action'
        ? `${publicUrl}/sandbox/checkout/${p.id}`
        : undefined,
    fee: p.fee ?? undefined,
    failure: p.failure_code
      ? { code: p.failure_code, message: p.failure_message ?? p.failure_code }
      : undefined,
    card: p.card_brand && p.card_last4 ? { brand: p.card_brand, last4: p.card_last4 } : undefined,
    refunds: p.refunds.map((r) => ({
      providerRefundId: r.id,
      amount: r.amount,
      status: r.status as 'succeeded',
      reference: r.reference,
    })),
    paidAt: p.paid_at ?? undefined,
  })

  return {
    id: 'sandbox',
    methods: ['card', 'ideal', 'paypal'],
    async verifyCredentials(ctx) {
      key(ctx)
    },
    async createPayment(ctx, input) {
      return toPayment(await createSandboxPayment(db, key(ctx), { ...input, webhookUrl: ctx.webhookUrl }))
    },
    async getPayment(ctx, id) {
      return toPayment(await getSandboxPayment(db, key(ctx), id))
    },
    async cancelPayment(ctx, id) {
      return toPayment(await cancelSandboxPayment(db, key(ctx), id))
    },
    async refund(ctx, input) {
      const r = await refundSandboxPayment(db, key(ctx), {
        paymentId: input.providerPaymentId,
        amount: input.amount,
        reference: input.reference,
      })
      return {
        providerRefundId: r.id,
        amount: r.amount,
        status: r.status as 'succeeded',
        reference: r.reference,
      }
    },
    verifyWebhook(ctx, delivery) {
      const secret = ctx.credentials.webhook_secret ?? webhookSecretOf(ctx.credentials.api_key)
      verifySandboxSignature(secret, delivery.headers[signatureHeader], delivery.rawBody, delivery.now)
      let parsed: z.infer<typeof webhookBody>
      try {
        parsed = webhookBody.parse(JSON.parse(delivery.rawBody))
      } catch {
        throw new WebhookRejected('malformed', 'not a sandbox event')
      }
      return {
        eventId: parsed.id,
        type: parsed.type,
        providerPaymentId: parsed.data.object === 'payment' ? parsed.data.id : undefined,
        merchantAccountId: parsed.data.object === 'merchant' ? parsed.data.id : undefined,
        transferId: parsed.data.object === 'transfer' ? parsed.data.id : undefined,
        occurredAt: new Date(parsed.created * 1000),
      }
    },
    async onboardMerchant(ctx, input) {
      const m = await onboardSandboxMerchant(db, key(ctx), publicUrl, {
        ...input,
        webhookUrl: ctx.webhookUrl,
      })
      return { merchantAccountId: m.id, status: m.status, onboardingUrl: m.onboarding_url ?? undefined }
    },
    async getMerchant(ctx, id) {
      const m = await getSandboxMerchant(db, key(ctx), publicUrl, id)
      return { merchantAccountId: m.id, status: m.status, onboardingUrl: m.onboarding_url ?? undefined }
    },
    async releasePayout(ctx, input) {
      const t = await transferSandboxSplit(db, key(ctx), {
        paymentId: input.providerPaymentId,
        merchantId: input.merchantAccountId,
        amount: input.amount,
        reference: input.reference,
      })
      return { providerTransferId: t.id, status: t.status as 'paid' }
    },
  }
}
