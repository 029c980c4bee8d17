import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircleIcon, SaveIcon, XIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { type FieldPath, useFieldArray, useForm, useFormContext } from 'react-hook-form'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
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
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { checkProduct, units } from '../../../../modules/food/shared.ts'
import {
  addProduct,
  type FoodCategory,
  type FoodImage,
  type FoodProduct,
  menuChanged,
  updateProduct,
  uploadProductImage,
} from './api.ts'
import { costText, foodErrorMessage, NativeSelect, numberOf, showProblems, unitNames } from './form-parts.tsx'
import { AddRow, RemoveRow } from './restaurant-form.tsx'
import { ImageUploadField } from './uploads.tsx'

/**
 * A product of the menu (spec food.md sections 3 and 5): title, description, a JPG image, price,
 * quantity and unit, its category, the active switch, nutrition facts, notes, keywords (none
 * twice), and its variants and extras (rows of title, quantity, unit and price: complete or empty).
 */

interface OptionRow {
  uuid: string | null
  title: string
  quantity: string
  unit: string
  price: string
}

interface ProductValues {
  title: string
  description: string
  image: FoodImage | null
  price: string
  quantity: string
  unit: string
  category_uuid: string
  is_active: boolean
  nutrition_facts: string
  notes: string
  vat_code: VatCode
  keywords: string[]
  variants: OptionRow[]
  extras: OptionRow[]
}

type VatCode = FoodProduct['vat_code']
/** The VAT codes the platform knows (payments' `vatCodes`), as the owner reads them. */
const vatCodes: readonly VatCode[] = ['low', 'high', 'zero', 'exempt']
const vatNames: Record<VatCode, MessageDescriptor> = {
  low: msg`Low rate (9 %)`,
  high: msg`High rate (21 %)`,
  zero: msg`Zero rate (0 %)`,
  exempt: msg`Exempt from VAT`,
}

const qty = (n: number) => String(n).replace('.', ',')

function valuesOf(p: FoodProduct | null, category: string): ProductValues {
  const rows = (list: FoodProduct['variants']) =>
    list.map((o) => ({
      uuid: o.uuid,
      title: o.title,
      quantity: qty(o.quantity),
      unit: o.unit,
      price: costText(o.price),
    }))
  return {
    title: p?.title ?? '',
    description: p?.description ?? '',
    image: p?.image ?? null,
    price: p ? costText(p.price) : '',
    quantity: p ? qty(p.quantity) : '1',
    unit: p?.unit ?? 'piece',
    category_uuid: p?.category_uuid ?? category,
    is_active: p?.is_active ?? true,
    nutrition_facts: p?.nutrition_facts ?? '',
    notes: p?.notes ?? '',
    vat_code: p?.vat_code ?? 'low',
    keywords: p?.keywords ?? [],
    variants: p ? rows(p.variants) : [],
    extras: p ? rows(p.extras) : [],
  }
}

const optionOut = (o: OptionRow) => {
  const quantity = numberOf(o.quantity)
  return {
    ...(o.uuid ? { uuid: o.uuid } : {}),
    title: o.title.trim() || null,
    quantity: quantity === null || Number.isNaN(quantity) ? null : quantity,
    unit: o.unit || null,
    price: o.price.trim() || null,
  }
}

const fieldOf = (path: string): FieldPath<ProductValues> | undefined =>
  path.startsWith('keywords') ? 'keywords' : (path as FieldPath<ProductValues>)

export function ProductForm({
  program,
  product,
  category,
  categories,
  onDone,
}: {
  program: string
  product: FoodProduct | null
  category: string
  categories: FoodCategory[]
  onDone: () => void
}) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const form = useForm<ProductValues>({ defaultValues: valuesOf(product, category) })
  const showFieldErrors = useFieldErrors(form, { fieldOf })
  const saving = form.formState.isSubmitting
  const variants = useFieldArray({ control: form.control, name: 'variants' })
  const extras = useFieldArray({ control: form.control, name: 'extras' })

  const submit = form.handleSubmit(async (v) => {
    const quantity = numberOf(v.quantity)
    const change = {
      category_uuid: v.category_uuid,
      title: v.title.trim(),
      description: v.description.trim(),
      ...(v.image && v.image.uuid !== product?.image?.uuid ? { image: v.image.uuid } : {}),
      price: v.price.trim() || null,
      quantity: quantity === null || Number.isNaN(quantity) ? undefined : quantity,
      unit: v.unit,
      is_active: v.is_active,
      nutrition_facts: v.nutrition_facts.trim(),
      notes: v.notes.trim(),
      vat_code: v.vat_code,
      keywords: v.keywords,
      variants: v.variants.map(optionOut),
      extras: v.extras.map(optionOut),
    }
    const { problems } = checkProduct({ ...change, image: v.image?.uuid ?? null, quantity: quantity ?? null })
    if (Number.isNaN(quantity)) problems.push({ field: 'quantity', code: 'invalid_number', message: '' })
    v.variants.forEach((o, i) => {
      if (o.quantity.trim() && Number.isNaN(numberOf(o.quantity)))
        problems.push({ field: `variants.${i}.quantity`, code: 'invalid_number', message: '' })
    })
    if (problems.length) {
      showProblems(form, problems, i18n, fieldOf)
      return
    }
    try {
      if (product) await updateProduct(product.uuid, change)
      else await addProduct(change)
      menuChanged(queryClient, program)
      notify.success(product ? msg`Product saved` : msg`Product added`)
      onDone()
    } catch (error) {
      if (showFieldErrors(error).shown) return
      notify.error(foodErrorMessage(error))
    }
  })

  return (
    <Form {...form}>
      <form
        onSubmit={(e) => {
          // A refusal set by hand (a list's own problem, the API's) would keep handleSubmit from running.
          form.clearErrors()
          return submit(e)
        }}
        noValidate
        className="grid gap-5"
        data-testid="product-form"
      >
        <fieldset disabled={saving || !hydrated} className="grid min-w-0 gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Text name="title" label={<Trans context="product">Name</Trans>} className="sm:col-span-2" />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem className="sm:col-span-2">
                  <FormLabel>
                    <Trans context="product">Description</Trans>
                  </FormLabel>
                  <FormControl>
                    <Textarea rows={2} {...field} data-testid="product-description" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="image"
              render={({ field, fieldState }) => (
                <div className="sm:col-span-2">
                  <ImageUploadField
                    id="product-image"
                    label={<Trans>Image (JPG)</Trans>}
                    value={field.value}
                    onChange={(image) => {
                      form.clearErrors('image')
                      field.onChange(image)
                    }}
                    upload={uploadProductImage}
                    types={['image/jpeg']}
                    error={fieldState.error?.message}
                    testId="product-image"
                  />
                </div>
              )}
            />
            <Text name="price" label={<Trans>Price</Trans>} inputMode="decimal" placeholder="9,50" />
            <FormField
              control={form.control}
              name="category_uuid"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Category</Trans>
                  </FormLabel>
                  <FormControl>
                    <NativeSelect {...field} data-testid="product-category">
                      {categories.map((c) => (
                        <option key={c.uuid} value={c.uuid}>
                          {c.title}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Text name="quantity" label={<Trans>Quantity</Trans>} inputMode="decimal" />
            <UnitSelect name="unit" label={<Trans>Unit</Trans>} />
            <FormField
              control={form.control}
              name="vat_code"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>VAT rate</Trans>
                  </FormLabel>
                  <FormControl>
                    <NativeSelect {...field} data-testid="product-vat">
                      {vatCodes.map((code) => (
                        <option key={code} value={code}>
                          {i18n._(vatNames[code])}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormDescription>
                    <Trans>Food is usually at the low rate, alcoholic drinks at the high rate.</Trans>
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
          <FormField
            control={form.control}
            name="is_active"
            render={({ field }) => (
              <FormItem className="flex items-center gap-3">
                <FormControl>
                  <Switch
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    data-testid="product-active"
                  />
                </FormControl>
                <FormLabel className="font-normal">
                  <Trans>Active: guests see it on the menu</Trans>
                </FormLabel>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="keywords"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  <Trans>Keywords</Trans>
                </FormLabel>
                <KeywordsInput value={field.value} onChange={field.onChange} />
                <FormDescription>
                  <Trans>Press Enter or a comma after each keyword.</Trans>
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="nutrition_facts"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Nutrition facts</Trans>
                  </FormLabel>
                  <FormControl>
                    <Textarea rows={2} {...field} data-testid="product-nutrition" />
                  </FormControl>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="notes"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>Notes</Trans>
                  </FormLabel>
                  <FormControl>
                    <Textarea rows={2} {...field} data-testid="product-notes" />
                  </FormControl>
                </FormItem>
              )}
            />
          </div>
          <OptionRows
            kind="variants"
            title={<Trans>Variants</Trans>}
            hint={<Trans>Sizes or kinds; the price is what it adds to the product's price.</Trans>}
            rows={variants}
            addLabel={<Trans>Add a variant</Trans>}
          />
          <OptionRows
            kind="extras"
            title={<Trans>Extras</Trans>}
            hint={<Trans>What a guest can add, each at its price.</Trans>}
            rows={extras}
            addLabel={<Trans>Add an extra</Trans>}
          />
        </fieldset>
        <div className="flex justify-end border-t pt-4">
          <Button type="submit" disabled={saving || !hydrated} aria-busy={saving} data-testid="product-save">
            {saving ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            <Trans>Save product</Trans>
          </Button>
        </div>
      </form>
    </Form>
  )
}

function Text({
  name,
  label,
  className,
  inputMode,
  placeholder,
}: {
  name: FieldPath<ProductValues>
  label: ReactNode
  className?: string
  inputMode?: 'decimal'
  placeholder?: string
}) {
  const { control } = useFormContext<ProductValues>()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              autoComplete="off"
              inputMode={inputMode}
              placeholder={placeholder}
              {...field}
              value={String(field.value ?? '')}
              data-testid={`product-${name}`}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

function UnitSelect({ name, label }: { name: FieldPath<ProductValues>; label: ReactNode }) {
  const { i18n } = useLingui()
  const { control } = useFormContext<ProductValues>()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              value={String(field.value ?? '')}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              data-testid={`product-${name}`}
            >
              <option value="">—</option>
              {units.map((u) => (
                <option key={u} value={u}>
                  {i18n._(unitNames[u] ?? msg`piece`)}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

function OptionRows({
  kind,
  title,
  hint,
  rows,
  addLabel,
}: {
  kind: 'variants' | 'extras'
  title: ReactNode
  hint: ReactNode
  rows: { fields: { id: string }[]; append: (row: OptionRow) => void; remove: (index: number) => void }
  addLabel: ReactNode
}) {
  return (
    <section className="grid gap-3 border-t pt-4">
      <div>
        <h3 className="text-sm font-medium">{title}</h3>
        <p className="text-[13px] text-muted-foreground">{hint}</p>
      </div>
      <ul className="grid gap-3">
        {rows.fields.map((row, i) => (
          <li
            key={row.id}
            className="grid grid-cols-2 items-start gap-2 rounded-lg border p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:border-0 sm:p-0"
            data-testid={`product-${kind}-row`}
          >
            <div className="col-span-2 sm:col-span-1">
              <Text name={`${kind}.${i}.title`} label={<Trans context="option">Title</Trans>} />
            </div>
            <Text name={`${kind}.${i}.quantity`} label={<Trans>Quantity</Trans>} inputMode="decimal" />
            <UnitSelect name={`${kind}.${i}.unit`} label={<Trans>Unit</Trans>} />
            <Text
              name={`${kind}.${i}.price`}
              label={<Trans>Price</Trans>}
              inputMode="decimal"
              placeholder="1,00"
            />
            <RemoveRow onClick={() => rows.remove(i)} />
          </li>
        ))}
      </ul>
      <AddRow
        testId={`product-add-${kind === 'variants' ? 'variant' : 'extra'}`}
        onClick={() => rows.append({ uuid: null, title: '', quantity: '', unit: '', price: '' })}
      >
        {addLabel}
      </AddRow>
    </section>
  )
}

/** Keywords as chips: Enter or a comma adds one; one already there (any case) is refused. */
function KeywordsInput({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t, i18n } = useLingui()
  const [text, setText] = useState('')
  const [refused, setRefused] = useState(false)
  const add = () => {
    const keyword = text.trim().replace(/,$/, '').trim()
    if (!keyword) return
    if (value.some((k) => k.toLocaleLowerCase() === keyword.toLocaleLowerCase())) {
      setRefused(true)
      return
    }
    onChange([...value, keyword])
    setText('')
    setRefused(false)
  }
  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t`Keywords`}>
          {value.map((k) => (
            <li
              key={k}
              className="inline-flex items-center gap-1 rounded-full border bg-muted/50 py-0.5 pr-1 pl-2.5 text-[13px]"
              data-testid="product-keyword"
            >
              {k}
              <button
                type="button"
                className="grid size-5 place-content-center rounded-full hover:bg-muted"
                onClick={() => onChange(value.filter((x) => x !== k))}
                aria-label={t`Remove keyword ${k}`}
              >
                <XIcon aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormControl>
        <Input
          value={text}
          autoComplete="off"
          onChange={(e) => {
            setRefused(false)
            if (e.target.value.endsWith(',')) {
              setText(e.target.value)
              return
            }
            setText(e.target.value)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault()
              add()
            }
          }}
          onBlur={add}
          data-testid="product-keywords"
        />
      </FormControl>
      {refused && (
        <p className="text-[13px] text-destructive" role="alert" data-testid="product-keyword-exists">
          {i18n._(msg`Keyword already exists`)}
        </p>
      )}
    </div>
  )
}
