import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { SaveIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useEffect } from 'react'
import { useWatch } from 'react-hook-form'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Form, useZodForm } from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { localeNames, locales } from '~/lib/i18n.ts'
import { notify } from '~/lib/notify.tsx'
import { examplePlaceholder } from '~/lib/placeholder.ts'
import { profileKeys } from '~/lib/queries/profile.ts'
import type { Profile } from '~/lib/queries/types.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { genders, titles } from '../../../../modules/identity/shared.ts'
import { CountryField } from './country-field.tsx'
import { DateInputField, SelectField, TextAreaField, TextField } from './fields.tsx'
import {
  type ProfileFormValues,
  profileFormSchema,
  profileFormValues,
  profilePayload,
  profileWording,
} from './profile-schema.ts'
import { useTitleLabels } from './titles.ts'

function Section({
  title,
  description,
  children,
  testId,
}: {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  testId: string
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-2">{children}</CardContent>
    </Card>
  )
}

/**
 * The signed-in user's own details: only the fields their portal reads and writes (spec section 6),
 * checked while typing, saved as the changed fields only.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const titleLabels = useTitleLabels()
  const form = useZodForm(profileFormSchema(profile.type), {
    defaultValues: profileFormValues(profile),
    mode: 'onChange',
  })
  const has = (field: string) => field in form.getValues()
  const showFieldErrors = useFieldErrors(form, { wording: profileWording })
  const legalType = useWatch({ control: form.control, name: 'legal_type' })
  const isCompany = legalType === '1'

  // A new profile (saved elsewhere, an avatar upload) becomes the form's starting point.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(profileFormValues(profile))
  }, [profile, form])

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.put<Answer<'/user/profile', 'put'>>('/user/profile', body),
  })

  const onSubmit = form.handleSubmit(async (values: ProfileFormValues) => {
    const changed = Object.keys(form.formState.dirtyFields)
    if (changed.length === 0) {
      notify.info(msg`Nothing to save: no field was changed.`)
      return
    }
    try {
      const saved = await save.mutateAsync(profilePayload(values, changed))
      queryClient.setQueryData(profileKeys.me(), saved)
      form.reset(profileFormValues(saved))
      notify.success(msg`Your profile is saved.`)
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        showFieldErrors(err)
        notify.error(msg`Some fields need your attention.`)
      } else {
        notify.error(msg`Your profile could not be saved.`, { description: msg`Please try again.` })
      }
    }
  })

  const submitting = form.formState.isSubmitting
  const genderLabels: Record<(typeof genders)[number], string> = {
    male: t`Male`,
    female: t`Female`,
    other: t`Other`,
  }

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid min-w-0 grid-cols-1 gap-6"
        data-testid="profile-form"
      >
        <fieldset disabled={submitting} className="grid min-w-0 grid-cols-1 gap-6">
          <Section
            testId="profile-personal"
            title={<Trans>Personal details</Trans>}
            description={<Trans>How others on the platform see and reach you.</Trans>}
          >
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor="profile-username">
                <Trans>Username</Trans>
              </Label>
              <Input id="profile-username" value={profile.username} readOnly disabled className="font-mono" />
              <p className="text-[13px] text-muted-foreground">
                <Trans>Your e-mail address, partly hidden. It cannot be changed here.</Trans>
              </p>
            </div>
            <SelectField
              name="title"
              label={<Trans context="salutation">Title</Trans>}
              none={t`No title`}
              options={titles.map((value) => ({ value, label: titleLabels[value] }))}
            />
            <div className="hidden sm:block" />
            <TextField name="first_name" label={<Trans>First name</Trans>} autoComplete="given-name" />
            <TextField name="last_name" label={<Trans>Last name</Trans>} autoComplete="family-name" />
            {has('gender') && (
              <SelectField
                name="gender"
                label={<Trans>Gender</Trans>}
                none={t`Not given`}
                options={genders.map((value) => ({ value, label: genderLabels[value] }))}
              />
            )}
            {has('birth_date') && (
              <DateInputField
                name="birth_date"
                label={<Trans>Date of birth</Trans>}
                autoComplete="bday"
                years
              />
            )}
            <div className="grid grid-cols-[7rem_1fr] gap-3 sm:col-span-2">
              <TextField
                name="phone_code"
                label={<Trans>Calling code</Trans>}
                placeholder={examplePlaceholder(i18n, '+31')}
                autoComplete="tel-country-code"
                inputMode="tel"
              />
              <TextField
                name="phone"
                type="tel"
                label={<Trans>Phone</Trans>}
                autoComplete="tel-national"
                inputMode="tel"
              />
            </div>
            <TextField name="position" label={<Trans>Position</Trans>} autoComplete="organization-title" />
            <TextField
              name="url"
              type="url"
              label={<Trans>Website</Trans>}
              placeholder="https://example.com"
              autoComplete="url"
            />
            <TextAreaField
              name="description"
              className="sm:col-span-2"
              label={<Trans>About you</Trans>}
              description={<Trans>Shown on your public profile.</Trans>}
            />
            <SelectField
              name="language"
              label={<Trans>Language of e-mails</Trans>}
              options={locales.map((value) => ({ value, label: localeNames[value] }))}
            />
          </Section>

          {has('legal_type') && (
            <Section
              testId="profile-company"
              title={<Trans>Company</Trans>}
              description={<Trans>Whether you act as a company or as a private person.</Trans>}
            >
              <SelectField
                name="legal_type"
                label={<Trans>Legal form</Trans>}
                options={[
                  { value: '1', label: t`Company` },
                  { value: '2', label: t`Individual` },
                ]}
              />
              <div className="hidden sm:block" />
              {isCompany && (
                <>
                  <TextField
                    name="company_name"
                    label={<Trans>Company name</Trans>}
                    autoComplete="organization"
                    className="sm:col-span-2"
                  />
                  <div className="grid grid-cols-[7rem_1fr] gap-3 sm:col-span-2">
                    <TextField
                      name="company_phone_code"
                      label={<Trans>Calling code</Trans>}
                      placeholder={examplePlaceholder(i18n, '+31')}
                      inputMode="tel"
                    />
                    <TextField
                      name="company_phone"
                      type="tel"
                      label={<Trans>Company phone</Trans>}
                      description={
                        <Trans>Used instead of your own phone while the profile is a company's.</Trans>
                      }
                      inputMode="tel"
                    />
                  </div>
                  <TextField name="company_reg_number" label={<Trans>Chamber of commerce number</Trans>} />
                  <TextField name="company_vat_number" label={<Trans>VAT number</Trans>} />
                </>
              )}
            </Section>
          )}

          {has('address') && (
            <Section testId="profile-address" title={<Trans>Address</Trans>}>
              <TextField
                name="address"
                label={<Trans>Street and number</Trans>}
                autoComplete="street-address"
                className="sm:col-span-2"
              />
              <TextField name="zip" label={<Trans>Postal code</Trans>} autoComplete="postal-code" />
              <TextField name="city" label={<Trans>City</Trans>} autoComplete="address-level2" />
              <TextField
                name="state"
                label={<Trans>State or province</Trans>}
                autoComplete="address-level1"
              />
              <CountryField name="country" label={<Trans>Country</Trans>} />
            </Section>
          )}

          {has('delivery_street') && (
            <Section
              testId="profile-delivery"
              title={<Trans>Delivery address</Trans>}
              description={<Trans>Where orders are brought to you.</Trans>}
            >
              <TextField
                name="delivery_street"
                label={<Trans>Street</Trans>}
                autoComplete="address-line1"
                className="sm:col-span-2"
              />
              <TextField name="delivery_house" label={<Trans>House number</Trans>} />
              <TextField
                name="delivery_apartment"
                label={<Trans>Apartment</Trans>}
                autoComplete="address-line2"
              />
            </Section>
          )}

          {has('billing_address') && (
            <Section
              testId="profile-billing"
              title={<Trans>Billing address</Trans>}
              description={<Trans>Printed on invoices and receipts.</Trans>}
            >
              <TextField
                name="billing_address"
                label={<Trans>Street and number</Trans>}
                className="sm:col-span-2"
              />
              <TextField name="billing_zip" label={<Trans>Postal code</Trans>} />
              <TextField name="billing_city" label={<Trans>City</Trans>} />
              <TextField name="billing_state" label={<Trans>State or province</Trans>} />
              <CountryField name="billing_country" label={<Trans>Country</Trans>} />
            </Section>
          )}
        </fieldset>
        <div className="sticky bottom-0 z-10 -mx-4 flex justify-end gap-3 border-t bg-background/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <Button
            type="button"
            variant="outline"
            disabled={submitting || !form.formState.isDirty}
            onClick={() => form.reset(profileFormValues(profile))}
          >
            <Trans>Undo changes</Trans>
          </Button>
          <Button type="submit" disabled={submitting} aria-busy={submitting}>
            <SaveIcon aria-hidden="true" />
            {submitting ? <Trans>Saving…</Trans> : <Trans>Save profile</Trans>}
          </Button>
        </div>
      </form>
    </Form>
  )
}
