import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import * as React from 'react'
import { type ChevronProps, type DayButtonProps, DayPicker, getDefaultClassNames } from 'react-day-picker'
import { buttonVariants } from '~/components/ui/button.tsx'
import { cn } from '~/lib/utils.ts'

/**
 * A month calendar on react-day-picker in the app's look (shadcn/ui's calendar). Pass `locale`
 * from `react-day-picker/locale/<code>`: month and weekday names, the first day of the week and the
 * buttons' accessible names then follow the language. Arrow keys move by day and week, Page Up and
 * Down by month, Home and End to the week's ends, Enter picks.
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  components,
  ...props
}: React.ComponentProps<typeof DayPicker>) {
  const defaults = getDefaultClassNames()
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn('bg-background p-3 [--cell-size:--spacing(9)]', className)}
      classNames={{
        root: cn('w-fit', defaults.root),
        months: cn('relative flex flex-col gap-4', defaults.months),
        month: cn('flex w-full flex-col gap-4', defaults.month),
        nav: cn('absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1', defaults.nav),
        button_previous: cn(
          buttonVariants({ variant: 'ghost' }),
          'size-(--cell-size) p-0 select-none aria-disabled:opacity-50',
          defaults.button_previous,
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost' }),
          'size-(--cell-size) p-0 select-none aria-disabled:opacity-50',
          defaults.button_next,
        ),
        month_caption: cn(
          'flex h-(--cell-size) w-full items-center justify-center px-(--cell-size)',
          defaults.month_caption,
        ),
        dropdowns: cn(
          'flex h-(--cell-size) w-full items-center justify-center gap-1.5 text-sm font-medium',
          defaults.dropdowns,
        ),
        dropdown_root: cn(
          'relative rounded-md border border-input shadow-xs has-focus:ring-[3px] has-focus:ring-ring/40',
          defaults.dropdown_root,
        ),
        dropdown: cn('absolute inset-0 opacity-0', defaults.dropdown),
        caption_label: cn(
          'text-sm font-medium select-none first-letter:uppercase',
          props.captionLayout?.startsWith('dropdown') &&
            'flex h-8 items-center gap-1 rounded-md pr-1 pl-2 [&>svg]:size-3.5 [&>svg]:text-muted-foreground',
          defaults.caption_label,
        ),
        month_grid: 'w-full border-collapse',
        weekdays: cn('flex', defaults.weekdays),
        weekday: cn(
          'flex-1 rounded-md text-[0.8rem] font-normal text-muted-foreground select-none',
          defaults.weekday,
        ),
        week: cn('mt-1 flex w-full', defaults.week),
        day: cn('group/day relative aspect-square h-full w-full p-0 text-center select-none', defaults.day),
        today: cn('rounded-md bg-muted font-semibold', defaults.today),
        outside: cn('text-muted-foreground', defaults.outside),
        disabled: cn('text-muted-foreground opacity-50', defaults.disabled),
        hidden: cn('invisible', defaults.hidden),
        ...classNames,
      }}
      components={{
        Chevron: CalendarChevron,
        DayButton: CalendarDayButton,
        ...components,
      }}
      {...props}
    />
  )
}

function CalendarChevron({
  className,
  orientation,
  size: _size,
  disabled: _disabled,
  ...props
}: ChevronProps) {
  const Icon =
    orientation === 'left' ? ChevronLeftIcon : orientation === 'right' ? ChevronRightIcon : ChevronDownIcon
  return <Icon aria-hidden="true" className={cn('size-4', className)} {...props} />
}

function CalendarDayButton({ className, day, modifiers, ...props }: DayButtonProps) {
  const ref = React.useRef<HTMLButtonElement>(null)
  React.useEffect(() => {
    if (modifiers.focused) ref.current?.focus()
  }, [modifiers.focused])
  return (
    <button
      ref={ref}
      type="button"
      data-selected={modifiers.selected || undefined}
      className={cn(
        'flex aspect-square size-auto w-full min-w-(--cell-size) items-center justify-center rounded-md text-sm tabular-nums',
        'hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
        'disabled:pointer-events-none',
        'data-[selected=true]:bg-primary data-[selected=true]:font-semibold data-[selected=true]:text-primary-foreground data-[selected=true]:hover:bg-primary-700',
        className,
      )}
      {...props}
    />
  )
}
