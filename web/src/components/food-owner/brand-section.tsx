import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ImageUpIcon, LoaderCircleIcon, SaveIcon } from 'lucide-react'
import { type ReactNode, useDeferredValue, useState } from 'react'
import { type FieldPath, useForm, useFormContext } from 'react-hook-form'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
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
import { ApiError } from '~/lib/api.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import {
  type BrandProduct,
  brandProducts,
  checkBranding,
  defaultBrandColor,
  isHexColor,
  logoMinSide,
  seoLanguages,
  themeShades,
} from '../../../../modules/food/shared.ts'
import { brandingQueryOptions, type FoodBranding, foodKeys, saveBranding, themeQueryOptions } from './api.ts'
import { foodErrorMessage, NativeSelect, showProblems } from './form-parts.tsx'

/**
 * The brand and SEO of a restaurant on a domain of its own (spec food.md sections 3 and 5,
 * `branding` and `theme`): the domain, the brand colour with its 10 shades (from the API's
 * `theme`, the same shades the guest pages use), which product areas the domain hides, the SEO
 * title, keywords, description and language, the Google Analytics id, and the two logos. The
 * program's owner only.
 */

interface BrandValues {
  domain_name: string
  color: string
  disable_card: boolean
  disable_credit: boolean
  disable_payment: boolean
  disable_food: boolean
  disable_food_court: boolean
  seo_title: string
  seo_keywords: string
  seo_description: string
  seo_language: string
  google_analytics_id: string
  app_logo: File | null
  favicon_logo: File | null
}

const valuesOf = (b: FoodBranding): BrandValues => ({
  domain_name: b.domain_name ?? '',
  color: b.theme.color,
  disable_card: b.disable_card,
  disable_credit: b.disable_credit,
  disable_payment: b.disable_payment,
  disable_food: b.disable_food,
  disable_food_court: b.disable_food_court,
  seo_title: b.seo_title,
  seo_keywords: b.seo_keywords,
  seo_description: b.seo_description,
  seo_language: b.seo_language,
  google_analytics_id: b.google_analytics_id,
  app_logo: null,
  favicon_logo: null,
})

const productNames: Record<BrandProduct, ReturnType<typeof msg>> = {
  card: msg`Cards`,
  credit: msg`Credit management`,
  payment: msg`Payment management`,
  food: msg`Food`,
  food_court: msg`Food court`,
}

/** The names of the 10 shades, as CSS variables name them (`--brand-50` … `--brand-900`). */
const shadeSteps = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900']

const languageNames: Record<string, string> = {
  nl: 'Nederlands',
  en: 'English',
  de: 'Deutsch',
  ru: 'Русский',
  uk: 'Українська',
}

export function BrandSection({ program }: { program: string }) {
  const branding = useQuery(brandingQueryOptions(program))
  return (
    <Card data-testid="food-brand">
      <CardHeader>
        <CardTitle>
          <Trans>Brand and SEO</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Your restaurant on a domain of its own: its colours, logos and what search engines read.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {branding.isPending ? (
          <RowsSkeleton rows={4} />
        ) : branding.isError ? (
          <LoadError onRetry={() => branding.refetch()} />
        ) : (
          <BrandForm program={program} branding={branding.data} />
        )}
      </CardContent>
    </Card>
  )
}

function BrandForm({ program, branding }: { program: string; branding: FoodBranding }) {
  const { i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const form = useForm<BrandValues>({ defaultValues: valuesOf(branding) })
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) =>
      path === 'theme'
        ? 'color'
        : ((Object.keys(valuesOf(branding)).includes(path) ? path : undefined) as
            | FieldPath<BrandValues>
            | undefined),
  })
  const saving = form.formState.isSubmitting

  const submit = form.handleSubmit(async (v) => {
    const problems = checkBranding({ domain_name: v.domain_name })
    if (!isHexColor(v.color)) {
      form.setError(
        'color',
        { type: 'rule', message: msg`Enter a colour such as #4d7cfe.`.id },
        { shouldFocus: true },
      )
      return
    }
    if (problems.length) {
      showProblems(form, problems, i18n)
      return
    }
    const body = new FormData()
    body.append('program_uuid', program)
    body.append('domain_name', v.domain_name.trim().toLowerCase())
    body.append('theme', v.color.toLowerCase())
    for (const p of brandProducts) body.append(`disable_${p}`, String(v[`disable_${p}`]))
    body.append('seo_title', v.seo_title)
    body.append('seo_keywords', v.seo_keywords)
    body.append('seo_description', v.seo_description)
    body.append('seo_language', v.seo_language)
    body.append('google_analytics_id', v.google_analytics_id.trim())
    if (v.app_logo) body.append('app_logo', v.app_logo)
    if (v.favicon_logo) body.append('favicon_logo', v.favicon_logo)
    try {
      const saved = await saveBranding(body)
      queryClient.setQueryData(foodKeys.branding(program), saved)
      form.reset(valuesOf(saved))
      notify.success(msg`Brand saved`)
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'domain_already_used') {
        form.setError(
          'domain_name',
          { type: 'server', message: msg`Domain already used`.id },
          { shouldFocus: true },
        )
        return
      }
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
        className="grid gap-6"
        data-testid="brand-form"
      >
        <fieldset disabled={saving || !hydrated} className="grid min-w-0 gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <Text
              name="domain_name"
              label={<Trans>Domain name</Trans>}
              placeholder="restaurant.example"
              hint={<Trans>Point this domain at the platform; its visitors then see your restaurant.</Trans>}
            />
            <ColorField />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>Hide on this domain</Trans>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {brandProducts.map((p) => (
                <FormField
                  key={p}
                  control={form.control}
                  name={`disable_${p}`}
                  render={({ field }) => (
                    <FormItem className="flex items-center gap-3">
                      <FormControl>
                        <Switch
                          checked={field.value}
                          onCheckedChange={field.onChange}
                          data-testid={`brand-disable-${p}`}
                        />
                      </FormControl>
                      <FormLabel className="font-normal">{i18n._(productNames[p])}</FormLabel>
                    </FormItem>
                  )}
                />
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Text name="seo_title" label={<Trans>SEO title</Trans>} />
            <Text
              name="seo_keywords"
              label={<Trans>SEO keywords</Trans>}
              hint={<Trans>Separated by commas.</Trans>}
            />
            <FormField
              control={form.control}
              name="seo_description"
              render={({ field }) => (
                <FormItem className="sm:col-span-2">
                  <FormLabel>
                    <Trans>SEO description</Trans>
                  </FormLabel>
                  <FormControl>
                    <Textarea rows={2} {...field} data-testid="brand-seo_description" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="seo_language"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    <Trans>SEO language</Trans>
                  </FormLabel>
                  <FormControl>
                    <NativeSelect {...field} data-testid="brand-seo_language">
                      {seoLanguages.map((l) => (
                        <option key={l} value={l} lang={l}>
                          {languageNames[l] ?? l}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Text
              name="google_analytics_id"
              label={<Trans>Google Analytics id</Trans>}
              placeholder="G-XXXXXXX"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <LogoField
              name="app_logo"
              label={<Trans>App logo (PNG, at least 256×256)</Trans>}
              current={branding.app_logo?.url ?? null}
            />
            <LogoField
              name="favicon_logo"
              label={<Trans>Favicon (PNG, at least 512×512)</Trans>}
              current={branding.favicon_logo?.url ?? null}
            />
          </div>
        </fieldset>
        <div className="flex justify-end border-t pt-4">
          <Button type="submit" disabled={saving || !hydrated} aria-busy={saving} data-testid="brand-save">
            {saving ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            <Trans>Save brand</Trans>
          </Button>
        </div>
      </form>
    </Form>
  )
}

function Text({
  name,
  label,
  hint,
  placeholder,
}: {
  name: FieldPath<BrandValues>
  label: ReactNode
  hint?: ReactNode
  placeholder?: string
}) {
  const { control } = useFormContext<BrandValues>()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              autoComplete="off"
              placeholder={placeholder}
              {...field}
              value={String(field.value ?? '')}
              data-testid={`brand-${name}`}
            />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

function ColorField() {
  const { t } = useLingui()
  const { control, watch } = useFormContext<BrandValues>()
  const color = useDeferredValue(watch('color'))
  const valid = isHexColor(color)
  const theme = useQuery({
    ...themeQueryOptions(valid ? color.toLowerCase() : defaultBrandColor),
    enabled: valid,
  })
  // Until the API answers, the same shades computed here (shared.ts is what the API runs).
  const shades = theme.data?.colors ?? (valid ? themeShades(color) : themeShades(defaultBrandColor))
  return (
    <FormField
      control={control}
      name="color"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            <Trans>Brand colour</Trans>
          </FormLabel>
          <div className="flex gap-2">
            <input
              type="color"
              value={valid ? field.value : defaultBrandColor}
              onChange={(e) => field.onChange(e.target.value)}
              aria-label={t`Pick a colour`}
              className="h-10 w-12 shrink-0 cursor-pointer rounded-md border bg-background p-1"
            />
            <FormControl>
              <Input autoComplete="off" {...field} data-testid="brand-color" />
            </FormControl>
          </div>
          <ol
            className="mt-1 grid grid-cols-10 overflow-hidden rounded-md border"
            aria-label={t`Shades of the brand colour`}
            data-testid="brand-shades"
          >
            {shades.slice(0, 10).map((shade, i) => (
              <li
                key={shadeSteps[i]}
                className="h-7"
                style={{ backgroundColor: shade }}
                title={shade}
                data-testid="brand-shade"
              >
                <span className="sr-only">{shade}</span>
              </li>
            ))}
          </ol>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** A logo file: PNG of at least the side the spec asks, checked as it is chosen, sent with the form. */
function LogoField({
  name,
  label,
  current,
}: {
  name: 'app_logo' | 'favicon_logo'
  label: ReactNode
  current: string | null
}) {
  const { i18n } = useLingui()
  const { control, setError, clearErrors } = useFormContext<BrandValues>()
  const [preview, setPreview] = useState<string | null>(current)
  const min = logoMinSide[name]
  const choose = async (file: File, onChange: (f: File | null) => void) => {
    if (file.type !== 'image/png') {
      setError(name, { type: 'file', message: msg`A logo must be a PNG image.`.id })
      return
    }
    const url = URL.createObjectURL(file)
    const size = await new Promise<{ w: number; h: number }>((resolve) => {
      const img = new Image()
      img.onload = () => resolve({ w: img.naturalWidth, h: img.naturalHeight })
      img.onerror = () => resolve({ w: 0, h: 0 })
      img.src = url
    })
    if (size.w < min || size.h < min) {
      URL.revokeObjectURL(url)
      setError(name, { type: 'file', message: i18n._(msg`The logo must be at least ${min}×${min} pixels.`) })
      return
    }
    clearErrors(name)
    setPreview(url)
    onChange(file)
  }
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="flex items-center gap-3">
            {preview ? (
              <img
                src={preview}
                alt=""
                width={48}
                height={48}
                className="size-12 rounded-md border object-contain"
              />
            ) : (
              <span className="grid size-12 place-content-center rounded-md border border-dashed text-muted-foreground">
                <ImageUpIcon aria-hidden="true" className="size-4" />
              </span>
            )}
            <FormControl>
              <input
                type="file"
                accept="image/png"
                className="w-0 min-w-0 flex-1 text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  if (file) void choose(file, field.onChange)
                }}
                data-testid={`brand-${name}`}
              />
            </FormControl>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
