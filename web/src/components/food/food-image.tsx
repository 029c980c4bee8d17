import { UtensilsIcon } from 'lucide-react'
import { cn } from '~/lib/utils.ts'
import type { Picture } from './queries.ts'
import { fittingSrcset } from './srcset.ts'

/**
 * A restaurant's or a dish's picture in the sizes the API makes (WebP in `srcset`, JPG for the
 * rest): the browser picks the width the box needs. `eager` for what is in the first screen (the
 * page's hero, the first tiles); the rest loads when it scrolls near. `priority` for the one picture
 * that is the page's largest paint (the hero, the first tile): fetched before the others, which
 * would otherwise share the phone's bandwidth with it. Without a picture, a quiet
 * tile with a plate icon keeps the layout the same.
 */
export function FoodPicture({
  image,
  sizes,
  eager = false,
  priority = false,
  className,
}: {
  image: Picture | null
  sizes: string
  eager?: boolean
  priority?: boolean
  className?: string
}) {
  if (!image) {
    return (
      <div
        aria-hidden="true"
        className={cn('grid place-content-center bg-muted text-muted-foreground', className)}
      >
        <UtensilsIcon className="size-6" />
      </div>
    )
  }
  const fallback = fittingSrcset(image.srcset_fallback ?? '', sizes)
  const srcset = fittingSrcset(image.srcset, sizes)
  return (
    <picture className="contents">
      {srcset ? <source type="image/webp" srcSet={srcset} sizes={sizes} /> : null}
      <img
        src={image.url}
        srcSet={fallback || undefined}
        sizes={fallback ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt=""
        loading={eager || priority ? 'eager' : 'lazy'}
        decoding={eager || priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={cn('bg-muted object-cover', className)}
      />
    </picture>
  )
}
