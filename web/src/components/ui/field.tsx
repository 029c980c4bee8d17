import type * as React from 'react'
import { Label } from '~/components/ui/label.tsx'
import { Slot, type SlotProps } from '~/components/ui/slot.tsx'
import { cn } from '~/lib/utils.ts'

/**
 * The parts of a form field as they look and are wired, without a form library: the ids the label,
 * the control, the description and the message share, and whether the field has a problem. The
 * react-hook-form fields (`ui/form.tsx`) draw through these; a small form that does without the
 * library (the sign-in page, so that a guest page does not load it) uses them directly.
 */
export interface FieldIds {
  control: string
  description: string
  message: string
}

/** The ids of a field's parts from one `useId()`. */
export function fieldIds(id: string): FieldIds {
  return { control: `${id}-item`, description: `${id}-description`, message: `${id}-message` }
}

export function FieldItem({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="form-item" className={cn('default:grid default:gap-2', className)} {...props} />
}

export function FieldLabel({
  ids,
  invalid,
  className,
  ...props
}: React.ComponentProps<typeof Label> & { ids: FieldIds; invalid: boolean }) {
  return (
    <Label
      data-slot="form-label"
      data-error={invalid}
      className={cn('data-[error=true]:text-destructive', className)}
      htmlFor={ids.control}
      {...props}
    />
  )
}

/** The input (its only child) with the field's id and its description and message attached. */
export function FieldControl({ ids, invalid, ...props }: SlotProps & { ids: FieldIds; invalid: boolean }) {
  return (
    <Slot
      data-slot="form-control"
      id={ids.control}
      aria-describedby={invalid ? `${ids.description} ${ids.message}` : ids.description}
      aria-invalid={invalid}
      {...props}
    />
  )
}

export function FieldDescription({
  ids,
  className,
  ...props
}: React.ComponentProps<'p'> & { ids: FieldIds }) {
  return (
    <p
      data-slot="form-description"
      id={ids.description}
      className={cn('default:text-[13px] default:text-muted-foreground', className)}
      {...props}
    />
  )
}

/** The field's problem, already in words (`invalid`), or what `children` say otherwise; nothing without either. */
export function FieldMessage({
  ids,
  invalid,
  className,
  children,
  ...props
}: React.ComponentProps<'p'> & { ids: FieldIds; invalid: boolean }) {
  if (!children) return null
  return (
    <p
      data-slot="form-message"
      id={ids.message}
      role={invalid ? 'alert' : undefined}
      className={cn('text-[13px] font-medium default:text-destructive', className)}
      {...props}
    >
      {children}
    </p>
  )
}
