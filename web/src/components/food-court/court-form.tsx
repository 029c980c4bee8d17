import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { type FieldPath, useForm } from 'react-hook-form'
import {
  BasicsFields,
  CheckboxField,
  FormFrame,
  FormSection,
  TextField,
} from '~/components/food-owner/field-groups.tsx'
import { costText } from '~/components/food-owner/form-parts.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { isDomainName, normalizeDomainName, parseCost } from '../../../../modules/food/shared.ts'
import { courtKeys, type FoodCourt, saveCourt } from './api.ts'
import { courtErrorMessage } from './errors.ts'

/**
 * The food court (spec food.md sections 3 and 5): the basics as for a restaurant (title,
 * description, address unless pickup, an image), the domain its guests order on, the court's own
 * minimum order, its fee as a percent (0–100) or a fixed amount — only one of the two — and the
 * owner's external reference. The wizard's court step and the settings on the program's page.
 * Every rule runs here first and again on the API, with the same codes.
 */

export interface CourtValues {
  title: string
  description: string
  address: string
  can_pickup_in_rest: boolean
  image: { uuid: string; url: string } | null
  domain_name: string
  food_court_min_order_amount: string
  split_payment_fee_percent: string
  split_payment_fee_fixed: string
  external_reference: string
  super_merchant_username: string
  super_merchant_password: string
}

function valuesOf(c: FoodCourt, title: string, description: string): CourtValues {
  return {
    title: c.title || title,
    description: c.description || description,
    address: c.address ?? '',
    can_pickup_in_rest: c.can_pickup_in_rest ?? false,
    image: c.image ? { uuid: c.image, url: c.image_url ?? '' } : null,
    domain_name: c.domain_name ?? '',
    food_court_min_order_amount: c.food_court_min_order_amount ? costText(c.food_court_min_order_amount) : '',
    split_payment_fee_percent:
      c.split_payment_fee_percent === null ? '' : String(c.split_payment_fee_percent).replace('.', ','),
    split_payment_fee_fixed: c.split_payment_fee_fixed === null ? '' : costText(c.split_payment_fee_fixed),
    external_reference: c.external_reference ?? '',
    super_merchant_username: c.super_merchant_username ?? '',
    super_merchant_password: '',
  }
}

const required = msg`This field is required`
const onlyOneFee = msg`Only one fee field may be filled (percent or fixed)`
const percentRange = msg`The fee percent is between 0 and 100.`
const invalidDomain = msg`The domain name is not valid`
const invalidAmount = msg`Enter an amount such as 12,50.`

const fields: readonly FieldPath<CourtValues>[] = [
  'title',
  'description',
  'address',
  'can_pickup_in_rest',
  'image',
  'domain_name',
  'food_court_min_order_amount',
  'split_payment_fee_percent',
  'split_payment_fee_fixed',
  'external_reference',
  'super_merchant_username',
  'super_merchant_password',
]
const fieldOf = (path: string): FieldPath<CourtValues> | undefined =>
  fields.find((f) => f === path || path.startsWith(`${f}.`))

/** The checks of spec section 5, in the form's words: problems by field, or the change to send. */
export function checkCourt(
  v: CourtValues,
  isNew: boolean,
): { problems: [FieldPath<CourtValues>, string][]; change: Record<string, unknown> } {
  const problems: [FieldPath<CourtValues>, string][] = []
  if (!v.title.trim()) problems.push(['title', required.id])
  if (!v.description.trim()) problems.push(['description', required.id])
  if (!v.can_pickup_in_rest && !v.address.trim()) problems.push(['address', required.id])
  if (isNew && !v.image) problems.push(['image', required.id])
  const domain = normalizeDomainName(v.domain_name)
  if (domain && !isDomainName(domain)) problems.push(['domain_name', invalidDomain.id])
  const min = v.food_court_min_order_amount.trim()
    ? parseCost(v.food_court_min_order_amount)
    : { ok: true as const, minor: 0 }
  if (!min.ok) problems.push(['food_court_min_order_amount', invalidAmount.id])
  const percentText = v.split_payment_fee_percent.trim()
  const fixedText = v.split_payment_fee_fixed.trim()
  let percent: number | null = null
  let fixed: number | null = null
  if (percentText && fixedText) {
    problems.push(['split_payment_fee_percent', onlyOneFee.id], ['split_payment_fee_fixed', onlyOneFee.id])
  } else {
    if (percentText) {
      percent = /^\d{1,3}([.,]\d{1,2})?$/.test(percentText)
        ? Number(percentText.replace(',', '.'))
        : Number.NaN
      if (Number.isNaN(percent) || percent < 0 || percent > 100)
        problems.push(['split_payment_fee_percent', percentRange.id])
    }
    if (fixedText) {
      const f = parseCost(fixedText)
      if (f.ok) fixed = f.minor
      else problems.push(['split_payment_fee_fixed', invalidAmount.id])
    }
  }
  return {
    problems,
    change: {
      title: v.title.trim(),
      description: v.description.trim(),
      address: v.address.trim(),
      can_pickup_in_rest: v.can_pickup_in_rest,
      image: v.image?.uuid ?? null,
      domain_name: domain || null,
      food_court_min_order_amount: min.ok ? min.minor : 0,
      split_payment_fee_percent: percent,
      split_payment_fee_fixed: fixed,
      external_reference: v.external_reference.trim(),
      super_merchant_username: v.super_merchant_username.trim(),
      // Write only: sent when typed, else the stored one is kept.
      ...(v.super_merchant_password ? { super_merchant_password: v.super_merchant_password } : {}),
    },
  }
}

export function CourtForm({
  program,
  court,
  programTitle,
  programDescription,
  onSaved,
  children,
}: {
  program: string
  court: FoodCourt
  programTitle: string
  programDescription: string
  onSaved: (saved: FoodCourt) => void | Promise<void>
  children: (saving: boolean) => ReactNode
}) {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const form = useForm<CourtValues>({ defaultValues: valuesOf(court, programTitle, programDescription) })
  const showFieldErrors = useFieldErrors(form, { fieldOf })
  const saving = form.formState.isSubmitting

  const submit = form.handleSubmit(async (v) => {
    const { problems, change } = checkCourt(v, !court.image)
    if (problems.length) {
      for (const [i, [field, message]] of problems.entries())
        form.setError(field, { type: 'rule', message }, { shouldFocus: i === 0 })
      return
    }
    try {
      const saved = await saveCourt(program, change)
      queryClient.setQueryData(courtKeys.court(program), saved)
      form.resetField('super_merchant_password')
      await onSaved(saved)
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(courtErrorMessage(error))
    }
  })

  return (
    <FormFrame
      form={form}
      onSubmit={submit}
      testId="court-form"
      prefix="court"
      disabled={saving || !hydrated}
      footer={children(saving)}
    >
      <Section title={<Trans>The food court</Trans>}>
        <BasicsFields
          descriptionRows={3}
          labels={{
            name: <Trans context="food court">Name</Trans>,
            description: <Trans context="food court">Description</Trans>,
            addressHint: <Trans>Required unless guests pick up their order at the food court.</Trans>,
            image: <Trans>Image of the food court</Trans>,
          }}
          beside={
            <Text
              name="external_reference"
              label={<Trans>External reference</Trans>}
              hint={<Trans>Optional. Your own reference, e.g. in your bookkeeping.</Trans>}
            />
          }
          afterAddress={
            <CheckboxField<CourtValues>
              name="can_pickup_in_rest"
              className="sm:col-span-2"
              label={<Trans>Guests can pick up their order at the food court</Trans>}
            />
          }
        />
      </Section>

      <Section title={<Trans>Where guests order</Trans>}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Text
            name="domain_name"
            label={<Trans>Domain name</Trans>}
            placeholder="foodhall.example.com"
            hint={<Trans>Guests open the food court's restaurants on this address.</Trans>}
          />
          <Text
            name="food_court_min_order_amount"
            label={<Trans>Minimum order of the food court</Trans>}
            inputMode="decimal"
            placeholder="15,00"
            hint={<Trans>Applies to the whole basket, besides each restaurant's own minimum.</Trans>}
          />
        </div>
      </Section>

      <Section title={<Trans>Fee of the food court</Trans>}>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Kept from every order before each restaurant's part is paid out: a percent of the order or a fixed
            amount per order. Only one fee field may be filled.
          </Trans>
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Text
            name="split_payment_fee_percent"
            label={<Trans>Fee in percent</Trans>}
            inputMode="decimal"
            placeholder="10"
            hint={<Trans>From 0 to 100.</Trans>}
          />
          <Text
            name="split_payment_fee_fixed"
            label={<Trans>Fixed fee per order</Trans>}
            inputMode="decimal"
            placeholder="1,50"
          />
        </div>
      </Section>

      <Section title={<Trans>Provider account</Trans>}>
        <p className="text-sm text-muted-foreground">
          <Trans>
            The food court's own account at the payment provider (the super merchant) takes every guest's
            payment once and splits it: each restaurant's part is paid out to the restaurant's own account,
            the fee stays with the food court.
          </Trans>
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Text name="super_merchant_username" label={<Trans>Account at the payment provider</Trans>} />
          <Text
            name="super_merchant_password"
            type="password"
            autoComplete="new-password"
            label={<Trans>Password of the account</Trans>}
            hint={
              court.has_super_merchant_password ? (
                <Trans>A password is saved. Leave empty to keep it.</Trans>
              ) : (
                <Trans>Not saved yet. The sandbox needs none.</Trans>
              )
            }
          />
        </div>
      </Section>
    </FormFrame>
  )
}

const Section = FormSection
const Text = TextField<CourtValues>
