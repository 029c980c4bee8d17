import { cn } from '~/lib/utils.ts'

/** A user's picture, or their initials on the brand colour when there is none. */
export function UserAvatar({
  src,
  name,
  className,
}: {
  src: string | null | undefined
  name: string
  className?: string
}) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  return src ? (
    <img src={src} alt="" className={cn('default:size-12 shrink-0 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'grid default:size-12 shrink-0 place-content-center rounded-full bg-primary-100 font-semibold text-primary-800',
        className,
      )}
    >
      {initials}
    </span>
  )
}
