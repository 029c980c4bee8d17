import { zodResolver } from '@hookform/resolvers/zod'
import { useLingui } from '@lingui/react'
import { Slot } from 'radix-ui'
import * as React from 'react'
import {
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type UseFormProps,
  type UseFormReturn,
  useForm,
  useFormContext,
  useFormState,
} from 'react-hook-form'
import type { z } from 'zod'
import { Label } from '~/components/ui/label.tsx'
import { cn } from '~/lib/utils.ts'

/**
 * A react-hook-form form validated by a zod schema. The schema's messages are Lingui message ids
 * (`msg\`...\`.id`), so `FormMessage` shows them in the current language and re-renders on a switch.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options?: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'>,
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema as never) as never,
  })
}

export const Form = FormProvider

interface FieldContextValue {
  name: string
}
const FieldContext = React.createContext<FieldContextValue | null>(null)
const ItemContext = React.createContext<{ id: string } | null>(null)

export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FieldContext.Provider>
  )
}

/** Ids and state of the field around the caller, for wiring labels, descriptions and errors. */
export function useFormField() {
  const field = React.useContext(FieldContext)
  const item = React.useContext(ItemContext)
  const { getFieldState } = useFormContext()
  const formState = useFormState({ name: field?.name ?? '' })
  if (!field || !item) throw new Error('useFormField must be used inside <FormField> and <FormItem>')
  const state = getFieldState(field.name, formState)
  return {
    name: field.name,
    formItemId: `${item.id}-item`,
    formDescriptionId: `${item.id}-description`,
    formMessageId: `${item.id}-message`,
    ...state,
  }
}

export function FormItem({ className, ...props }: React.ComponentProps<'div'>) {
  const id = React.useId()
  return (
    <ItemContext.Provider value={{ id }}>
      <div data-slot="form-item" className={cn('default:grid default:gap-2', className)} {...props} />
    </ItemContext.Provider>
  )
}

export function FormLabel({ className, ...props }: React.ComponentProps<typeof Label>) {
  const { error, formItemId } = useFormField()
  return (
    <Label
      data-slot="form-label"
      data-error={!!error}
      className={cn('data-[error=true]:text-destructive', className)}
      htmlFor={formItemId}
      {...props}
    />
  )
}

export function FormControl(props: React.ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formDescriptionId, formMessageId } = useFormField()
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={error ? `${formDescriptionId} ${formMessageId}` : formDescriptionId}
      aria-invalid={!!error}
      {...props}
    />
  )
}

export function FormDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const { formDescriptionId } = useFormField()
  return (
    <p
      data-slot="form-description"
      id={formDescriptionId}
      className={cn('default:text-[13px] default:text-muted-foreground', className)}
      {...props}
    />
  )
}

/** The field's error in the current language (the schema holds message ids), or the given children. */
export function FormMessage({ className, children, ...props }: React.ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField()
  const { i18n } = useLingui()
  const body = error?.message ? i18n._(error.message) : children
  if (!body) return null
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      role={error ? 'alert' : undefined}
      className={cn('text-[13px] font-medium default:text-destructive', className)}
      {...props}
    >
      {body}
    </p>
  )
}
