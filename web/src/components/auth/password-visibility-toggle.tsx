import { useLingui } from '@lingui/react/macro'
import { EyeIcon, EyeOffIcon } from 'lucide-react'

/** The eye button inside a password input that shows or hides what was typed. */
export function PasswordVisibilityToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const { t } = useLingui()
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={visible}
      aria-label={visible ? t`Hide password` : t`Show password`}
      className="absolute inset-y-0 right-0 grid w-10 place-content-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      {visible ? (
        <EyeOffIcon aria-hidden="true" className="size-4" />
      ) : (
        <EyeIcon aria-hidden="true" className="size-4" />
      )}
    </button>
  )
}
