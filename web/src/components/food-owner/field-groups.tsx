import { Trans } from '@lingui/react/macro'
import { type BaseSyntheticEvent, createContext, type ReactNode, useContext } from 'react'
import { type FieldValues, type Path, type UseFormReturn, useFormContext } from 'react-hook-form'
import { Checkbox } from '~/components/ui/checkbox.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { uploadRestaurantImage } from './api.ts'
import { ImageUploadField } from './uploads.tsx'

/**
 * The field groups the restaurant form and the food court form share (spec food.md section 3: a
 * food court has "the basics as for a restaurant"): a titled section, one-line and multi-line
 * text, a switch and a checkbox, and the basics group itself (name, description, address unless
 * pickup, image). Each form names its fields' test ids once (`FieldIds`), so a field reads
 * `restaurant-title` in one and `court-title` in the other.
 */

const FieldIdPrefix = createContext('field')

/** The prefix of the `data-testid` of every field below it: `<prefix>-<name>`. */
export function FieldIds({ prefix, children }: { prefix: string; children: ReactNode }) {
  return <FieldIdPrefix.Provider value={prefix}>{children}</FieldIdPrefix.Provider>
}

const useFieldId = (name: string) => `${useContext(FieldIdPrefix)}-${name}`

export function FormSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-4 border-t pt-5 first:border-t-0 first:pt-0">
      <h3 className="font-medium">{title}</h3>
      {children}
    </section>
  )
}

export function TextField<V extends FieldValues>({
  name,
  label,
  hint,
  className,
  autoComplete,
  inputMode,
  placeholder,
  type,
}: {
  name: Path<V>
  label: ReactNode
  hint?: ReactNode
  className?: string
  autoComplete?: string
  inputMode?: 'decimal' | 'numeric'
  placeholder?: string
  type?: string
}) {
  const { control } = useFormContext<V>()
  const testId = useFieldId(name)
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type={type ?? 'text'}
              autoComplete={autoComplete ?? 'off'}
              inputMode={inputMode}
              placeholder={placeholder}
              {...field}
              value={String(field.value ?? '')}
              data-testid={testId}
            />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

export function AreaField<V extends FieldValues>({
  name,
  label,
  className,
  rows = 2,
}: {
  name: Path<V>
  label: ReactNode
  className?: string
  rows?: number
}) {
  const { control } = useFormContext<V>()
  const testId = useFieldId(name)
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea rows={rows} {...field} value={String(field.value ?? '')} data-testid={testId} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** An on/off setting: a switch with its label and hint beside it. */
export function ToggleField<V extends FieldValues>({
  name,
  label,
  hint,
}: {
  name: Path<V>
  label: ReactNode
  hint?: ReactNode
}) {
  const { control } = useFormContext<V>()
  const testId = useFieldId(name)
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-start gap-3">
          <FormControl>
            <Switch checked={field.value === true} onCheckedChange={field.onChange} data-testid={testId} />
          </FormControl>
          <div className="grid gap-0.5">
            <FormLabel className="font-normal">{label}</FormLabel>
            {hint && <FormDescription>{hint}</FormDescription>}
          </div>
        </FormItem>
      )}
    />
  )
}

/** A yes/no the reader ticks: a checkbox with its label. */
export function CheckboxField<V extends FieldValues>({
  name,
  label,
  className,
}: {
  name: Path<V>
  label: ReactNode
  className?: string
}) {
  const { control } = useFormContext<V>()
  const testId = useFieldId(name)
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={`flex items-center gap-2 ${className ?? ''}`}>
          <FormControl>
            <Checkbox
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              data-testid={testId}
            />
          </FormControl>
          <FormLabel className="!mt-0">{label}</FormLabel>
        </FormItem>
      )}
    />
  )
}

/** The values the basics group edits; a form's own values add to them. */
export interface BasicsValues {
  title: string
  description: string
  address: string
  image: { uuid: string; url: string } | null
}

/**
 * The basics of a place guests order from (a restaurant, a food court): its name, description,
 * address (the hint says when it may be left out) and image, in a two-column grid on wide
 * screens. `beside` stands next to the name, `afterAddress` below the address, `children` last.
 */
export function BasicsFields({
  labels,
  beside,
  afterAddress,
  children,
  descriptionRows,
}: {
  labels: { name: ReactNode; description: ReactNode; addressHint: ReactNode; image: ReactNode }
  beside?: ReactNode
  afterAddress?: ReactNode
  children?: ReactNode
  descriptionRows?: number
}) {
  const { control, clearErrors } = useFormContext<BasicsValues>()
  const imageId = useFieldId('image')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField<BasicsValues> name="title" label={labels.name} />
      {beside}
      <AreaField<BasicsValues>
        name="description"
        label={labels.description}
        className="sm:col-span-2"
        rows={descriptionRows}
      />
      <TextField<BasicsValues>
        name="address"
        label={<Trans>Address</Trans>}
        autoComplete="street-address"
        className="sm:col-span-2"
        hint={labels.addressHint}
      />
      {afterAddress}
      <FormField
        control={control}
        name="image"
        render={({ field, fieldState }) => (
          <div className="sm:col-span-2">
            <ImageUploadField
              id={imageId}
              label={labels.image}
              value={field.value as never}
              onChange={(image) => {
                clearErrors('image')
                field.onChange(image)
              }}
              upload={uploadRestaurantImage}
              types={['image/jpeg', 'image/png']}
              error={fieldState.error?.message}
              testId={imageId}
            />
          </div>
        )}
      />
      {children}
    </div>
  )
}

/**
 * A settings form's frame: the fields (disabled while saving or before the page is interactive)
 * with their test-id prefix, then `footer` (the form's buttons). Errors set by hand (a list's own
 * problem, the API's) are cleared before each submit, or they would keep handleSubmit from running.
 */
export function FormFrame<V extends FieldValues>({
  form,
  onSubmit,
  testId,
  prefix,
  disabled,
  children,
  footer,
}: {
  form: UseFormReturn<V>
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>
  testId: string
  prefix: string
  disabled: boolean
  children: ReactNode
  footer: ReactNode
}) {
  return (
    <Form {...form}>
      <form
        onSubmit={(e) => {
          form.clearErrors()
          return onSubmit(e)
        }}
        noValidate
        className="grid gap-6"
        data-testid={testId}
      >
        <FieldIds prefix={prefix}>
          <fieldset disabled={disabled} className="grid min-w-0 gap-6">
            {children}
          </fieldset>
        </FieldIds>
        {footer}
      </form>
    </Form>
  )
}
