import { cn } from '~/lib/utils.ts'

/** The product mark: a card with a payment wave, in the brand colour. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="9" className="fill-primary-500" />
      <rect x="6.5" y="9" width="19" height="14" rx="3" className="fill-white" />
      <rect x="6.5" y="12.5" width="19" height="2.75" className="fill-primary-200" />
      <path d="M10 19.25h4.5" strokeWidth="1.75" strokeLinecap="round" className="stroke-primary-500" />
    </svg>
  )
}

/** Mark plus word mark; the name is not translated. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <BrandMark className={inverted ? '[&_rect:first-child]:fill-white/15' : undefined} />
      <span
        className={cn(
          'text-[17px] font-semibold tracking-tight',
          inverted ? 'text-white' : 'text-foreground',
        )}
      >
        Cardpay
      </span>
    </span>
  )
}
