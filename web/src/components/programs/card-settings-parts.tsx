import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useFormContext } from 'react-hook-form'
import { FormField, FormItem, FormMessage } from '~/components/ui/form.tsx'
import { cn } from '~/lib/utils.ts'
import type { SettingsValues } from './card-settings-values.ts'

/** A group of the card settings form under a small uppercase title. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 border-t pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full text-[13px] font-semibold tracking-[0.08em] text-muted-foreground uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  )
}

/** A choice among a few options, each a bordered box around a native radio button. */
function ChoiceBox({
  name,
  checked,
  onSelect,
  disabled,
  children,
  testId,
}: {
  name: string
  checked: boolean
  onSelect: () => void
  disabled?: boolean | undefined
  children: ReactNode
  testId?: string
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border px-3.5 py-3 text-sm transition-colors',
        'hover:bg-muted has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50/60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
        disabled && 'pointer-events-none opacity-60',
      )}
      data-testid={testId}
      data-state={checked ? 'checked' : 'unchecked'}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        className="mt-0.5 size-4 shrink-0 accent-primary-600"
      />
      <span className="grid flex-1 gap-1">{children}</span>
    </label>
  )
}

type ChoiceName = 'orientation' | 'useMode' | 'validityMode'

/** One option of a choice field: its value, what it says (with an icon, and a hint under it). */
export interface Choice<N extends ChoiceName> {
  value: SettingsValues[N]
  testId: string
  title: ReactNode
  hint?: ReactNode
  icon?: LucideIcon
}

/** A settings field chosen among a few boxed options (a radio group labelled by `label`). */
export function ChoiceField<N extends ChoiceName>({
  name,
  label,
  choices,
  disabled,
  className,
}: {
  name: N
  label: ReactNode
  choices: Choice<N>[]
  disabled: boolean
  /** The layout of the options (a grid of columns). */
  className: string
}) {
  const { control } = useFormContext<SettingsValues>()
  const id = useId()
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <p className="text-sm font-medium" id={id}>
            {label}
          </p>
          <div role="radiogroup" aria-labelledby={id} className={className}>
            {choices.map(({ value, testId, title, hint, icon: Icon }) => (
              <ChoiceBox
                key={value}
                name={id}
                checked={field.value === value}
                onSelect={() => field.onChange(value)}
                disabled={disabled}
                testId={testId}
              >
                <span className={cn('font-medium', Icon && 'flex items-center gap-2')}>
                  {Icon && <Icon aria-hidden="true" className="size-4 text-muted-foreground" />}
                  {title}
                </span>
                {hint && <span className="text-[13px] text-muted-foreground">{hint}</span>}
              </ChoiceBox>
            ))}
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
