import { zodResolver } from '@hookform/resolvers/zod'
import { useLingui } from '@lingui/react'
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
import {
  FieldControl,
  FieldDescription,
  FieldItem,
  FieldLabel,
  FieldMessage,
  fieldIds,
} from '~/components/ui/field.tsx'
import type { Label } from '~/components/ui/label.tsx'
import type { SlotProps } from '~/components/ui/slot.tsx'

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
  const ids = fieldIds(item.id)
  return {
    name: field.name,
    ids,
    formItemId: ids.control,
    formDescriptionId: ids.description,
    formMessageId: ids.message,
    ...state,
  }
}

export function FormItem(props: React.ComponentProps<'div'>) {
  const id = React.useId()
  return (
    <ItemContext.Provider value={{ id }}>
      <FieldItem {...props} />
    </ItemContext.Provider>
  )
}

export function FormLabel(props: React.ComponentProps<typeof Label>) {
  const { error, ids } = useFormField()
  return <FieldLabel ids={ids} invalid={!!error} {...props} />
}

export function FormControl(props: SlotProps) {
  const { error, ids } = useFormField()
  return <FieldControl ids={ids} invalid={!!error} {...props} />
}

export function FormDescription(props: React.ComponentProps<'p'>) {
  const { ids } = useFormField()
  return <FieldDescription ids={ids} {...props} />
}

/** The field's error in the current language (the schema holds message ids), or the given children. */
export function FormMessage({ children, ...props }: React.ComponentProps<'p'>) {
  const { error, ids } = useFormField()
  const { i18n } = useLingui()
  return (
    <FieldMessage ids={ids} invalid={!!error} {...props}>
      {error?.message ? i18n._(error.message) : children}
    </FieldMessage>
  )
}
