import type { ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { DatePicker } from '~/components/ui/date-picker.tsx'
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select.tsx'
import { cn } from '~/lib/utils.ts'

interface FieldProps {
  name: string
  label: ReactNode
  description?: ReactNode
  className?: string
}

/** A labelled text input bound to the surrounding form, with its error below. */
export function TextField({
  name,
  label,
  description,
  className,
  type = 'text',
  autoComplete,
  placeholder,
  inputMode,
}: FieldProps & {
  type?: string
  autoComplete?: string
  placeholder?: string
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode']
}) {
  const { control } = useFormContext<Record<string, string>>()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('content-start', className)}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type={type}
              autoComplete={autoComplete}
              placeholder={placeholder}
              inputMode={inputMode}
              {...field}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/**
 * A labelled date bound to the surrounding form (`YYYY-MM-DD`, empty when none), typed or picked
 * from the calendar (ui/date-picker.tsx); `years` offers month and year menus, for a birth date.
 */
export function DateInputField({
  name,
  label,
  description,
  className,
  autoComplete,
  years,
}: FieldProps & { autoComplete?: string; years?: boolean }) {
  const { control } = useFormContext<Record<string, string>>()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('content-start', className)}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <DatePicker
              ref={field.ref}
              name={field.name}
              value={field.value || undefined}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              disabled={field.disabled}
              autoComplete={autoComplete}
              years={years}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

export function TextAreaField({ name, label, description, className }: FieldProps) {
  const { control } = useFormContext<Record<string, string>>()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('content-start', className)}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <textarea
              rows={4}
              className={cn(
                'flex min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs',
                'placeholder:text-muted-foreground/80 transition-[border-color,box-shadow]',
                'focus-visible:border-primary-500 focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
                'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive',
              )}
              {...field}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

/** A select of fixed options; `none` (when given) is the label of the empty choice. */
export function SelectField({
  name,
  label,
  description,
  className,
  options,
  none,
  disabled,
}: FieldProps & {
  options: readonly { value: string; label: string }[]
  none?: string
  disabled?: boolean
}) {
  const { control } = useFormContext<Record<string, string>>()
  const empty = '__none__'
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('content-start', className)}>
          <FormLabel>{label}</FormLabel>
          <Select
            value={field.value || (none ? empty : '')}
            onValueChange={(v) => field.onChange(v === empty ? '' : v)}
            disabled={disabled || field.disabled}
            name={field.name}
          >
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue placeholder={none} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {none && <SelectItem value={empty}>{none}</SelectItem>}
              {options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
