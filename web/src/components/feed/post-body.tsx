import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { CreditCardIcon, ExternalLinkIcon, FileTextIcon, PlayIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { billQueryOptions } from '~/components/bills/queries.ts'
import { restaurantQueryOptions } from '~/components/food/queries.ts'
import { publicProgramQueryOptions } from '~/components/holder/queries.ts'
import { programQueryOptions, programTypes } from '~/components/programs/queries.ts'
import { apiBase } from '~/lib/api.ts'
import { formatMoney } from '~/lib/money.ts'
import { useSession } from '~/lib/use-session.ts'
import { type OwnLink, ownLink } from './own-link.ts'
import type { FeedPost, FeedVideo } from './queries.ts'
import { rowParts } from './text.ts'

/** Text rows with their hashtags as links to the tag's feed. */
export function Rows({ rows }: { rows: readonly string[] }) {
  return (
    <div className="grid gap-1 break-words text-sm">
      {rows.map((row, i) =>
        row === '' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <br key={i} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <p key={i}>
            {rowParts(row).map((part, j) =>
              'tag' in part ? (
                <Link
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of one row
                  key={j}
                  to="/posts/tags/$tag"
                  params={{ tag: part.tag }}
                  className="font-medium text-primary underline-offset-2 hover:underline"
                  data-testid="post-hashtag"
                >
                  {part.shown}
                </Link>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one row
                <span key={j}>{part.text}</span>
              ),
            )}
          </p>
        ),
      )}
    </div>
  )
}

/**
 * A video by its address: a still with a play button until the viewer clicks, only then the
 * player (YouTube's privacy-enhanced host, Vimeo's do-not-track player). No third-party script or
 * image is loaded before that click.
 */
export function VideoEmbed({ video }: { video: FeedVideo }) {
  const { t } = useLingui()
  const [playing, setPlaying] = useState(false)
  const site = video.type === 'youtube' ? 'YouTube' : 'Vimeo'
  if (playing) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded-md bg-black">
        <iframe
          src={`${video.url}${video.url.includes('?') ? '&' : '?'}autoplay=1`}
          title={t`Video on ${site}`}
          className="h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="post-video-player"
        />
      </div>
    )
  }
  return (
    <div className="grid aspect-video w-full place-items-center rounded-md bg-muted text-center">
      <div className="grid justify-items-center gap-2 p-4">
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="inline-flex items-center gap-2 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2"
          data-testid="post-video-play"
        >
          <PlayIcon className="size-4" aria-hidden="true" />
          <Trans>Play video from {site}</Trans>
        </button>
        <p className="max-w-xs text-xs text-muted-foreground">
          <Trans>The video is loaded from {site} only when you play it.</Trans>
        </p>
        <a
          href={video.full_url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-xs underline underline-offset-2"
        >
          <Trans>Open on {site}</Trans>
        </a>
      </div>
    </div>
  )
}

const imageUrl = (uuid: string, size: 'small' | 'medium' | 'large') =>
  `${apiBase}/feed/images/${encodeURIComponent(uuid)}/${size}`

function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB'] as const
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`
}

/** The media and link of a post: images, videos, files, the link with its preview. */
export function PostMedia({ post }: { post: FeedPost }) {
  const { t, i18n } = useLingui()
  return (
    <>
      {post.images.length > 0 && (
        <div className={post.images.length === 1 ? 'grid' : 'grid grid-cols-2 gap-2'}>
          {post.images.map((image) => (
            <a key={image.uuid} href={imageUrl(image.uuid, 'large')} target="_blank" rel="noopener">
              <img
                src={imageUrl(image.uuid, 'medium')}
                alt={image.name ? t`Image ${image.name}` : t`Image of the post`}
                width={image.width}
                height={image.height}
                loading="lazy"
                className="h-auto max-h-96 w-full rounded-md object-cover"
                data-testid="post-image"
              />
            </a>
          ))}
        </div>
      )}
      {post.videos.map((video) => (
        <VideoEmbed key={video.uuid} video={video} />
      ))}
      {post.files.length > 0 && (
        <ul className="grid gap-1">
          {post.files.map((file) => (
            <li key={file.uuid}>
              <a
                href={`${apiBase}/feed/files/${encodeURIComponent(file.uuid)}`}
                className="inline-flex max-w-full items-center gap-2 text-sm underline underline-offset-2"
                data-testid="post-file"
              >
                <FileTextIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{file.name}</span>
                <span className="shrink-0 text-muted-foreground">({formatSize(file.size, i18n.locale)})</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {post.link && <PostLink link={post.link} preview={post.link_preview} />}
    </>
  )
}

/**
 * A post's link: to one of the platform's own pages (own-link.ts) a compact card read from the
 * platform's API with the viewer's rights (a bill only for whom the API shows it; a card program
 * for card holders when it is public, for its owner and admins from the program itself),
 * otherwise, and while that card loads or when the API refuses, the link with its fetched preview.
 * Recognised after mounting, on the host the viewer is on or a portal's, so the server's render is
 * the plain link.
 */
/**
 * A card program's order page as a block: its title, and for card holders its card and value.
 * A card holder does not order cards (the owner's order page is on the owners' portal, behind its
 * sign-in): theirs leads to the program's page on their own portal instead.
 */
function CardProgramBlock({
  link,
  title,
  card,
  image,
  value,
  forHolder = false,
}: {
  link: string
  title: string
  card: string | null
  image: string | null
  value: string | null
  forHolder?: boolean
}) {
  return (
    <a
      href={link}
      className="flex items-center gap-3 rounded-md border p-3 text-sm hover:bg-muted"
      data-testid="post-link-card-program"
    >
      {image ? (
        <img src={image} alt="" width={96} height={60} className="h-15 w-24 shrink-0 rounded object-cover" />
      ) : (
        <span className="grid size-12 shrink-0 place-content-center rounded bg-primary-50 text-primary-700">
          <CreditCardIcon className="size-5" aria-hidden="true" />
        </span>
      )}
      <span className="grid min-w-0 gap-0.5">
        <span className="text-xs text-muted-foreground">
          <Trans>Card program</Trans>
        </span>
        <span className="font-medium break-words">{title}</span>
        {card || value ? (
          <span className="text-muted-foreground break-words">
            {[card, value].filter(Boolean).join(' · ')}
          </span>
        ) : null}
        <span className="font-medium text-primary-700">
          {forHolder ? <Trans>View the program</Trans> : <Trans>Order cards</Trans>}
        </span>
      </span>
    </a>
  )
}

function PostLink({ link, preview }: { link: string; preview: FeedPost['link_preview'] }) {
  const [own, setOwn] = useState<OwnLink | null>(null)
  const origins = useRouteContext({ from: '__root__', select: (c) => c.portalOrigins })
  const portal = useRouteContext({ from: '__root__', select: (c) => c.portal })
  useEffect(() => setOwn(ownLink(link, window.location.host, origins)), [link, origins])
  const session = useSession()
  const { i18n } = useLingui()
  const cardProgram = own?.kind === 'card_program' && session !== null
  const publicProgram = useQuery({
    ...publicProgramQueryOptions(own?.uuid ?? ''),
    enabled: cardProgram && portal === 'cardholder',
    retry: false,
  })
  const ownProgram = useQuery({
    ...programQueryOptions(own?.uuid ?? ''),
    enabled: cardProgram && (portal === 'programs' || portal === 'admin'),
    retry: false,
  })
  const restaurant = useQuery({
    ...restaurantQueryOptions(own?.uuid ?? ''),
    enabled: own?.kind === 'restaurant',
    retry: false,
  })
  const bill = useQuery({
    ...billQueryOptions(own?.uuid ?? ''),
    enabled: own?.kind === 'bill' && session !== null,
    retry: false,
  })
  if (own?.kind === 'restaurant' && restaurant.data) {
    const r = restaurant.data
    return (
      <a
        href={link}
        className="flex items-center gap-3 rounded-md border p-3 text-sm hover:bg-muted"
        data-testid="post-link-restaurant"
      >
        {r.image && (
          <img
            src={r.image.url}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded object-cover"
          />
        )}
        <span className="grid gap-0.5">
          <span className="text-xs text-muted-foreground">
            <Trans>Restaurant</Trans>
          </span>
          <span className="font-medium break-words">{r.title}</span>
        </span>
      </a>
    )
  }
  if (cardProgram && publicProgram.data) {
    const p = publicProgram.data
    return (
      <CardProgramBlock
        link={`/programs/${encodeURIComponent(p.uuid)}`}
        forHolder
        title={p.title}
        card={p.card.title}
        image={p.card.image_url}
        value={
          p.card.value.value > 0 ? formatMoney(p.card.value.value, p.card.value.currency, i18n.locale) : null
        }
      />
    )
  }
  if (cardProgram && ownProgram.data?.type.id === programTypes.card) {
    return (
      <CardProgramBlock link={link} title={ownProgram.data.title} card={null} image={null} value={null} />
    )
  }
  if (own?.kind === 'bill' && bill.data) {
    const number = bill.data.number
    return (
      <a
        href={link}
        className="grid gap-0.5 rounded-md border p-3 text-sm hover:bg-muted"
        data-testid="post-link-bill"
      >
        <span className="text-xs text-muted-foreground">{bill.data.program.title}</span>
        <span className="font-medium">
          <Trans>Bill {number}</Trans>
        </span>
      </a>
    )
  }
  // An own page the viewer cannot read (a guest, another owner's program) has no preview either:
  // say what it is rather than show its address with the program's id in it.
  const ownLabel =
    own?.kind === 'card_program' ? (
      <Trans>Order cards</Trans>
    ) : own?.kind === 'restaurant' ? (
      <Trans>Restaurant</Trans>
    ) : null
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="grid gap-1 rounded-md border p-3 text-sm hover:bg-muted"
      data-testid="post-link"
    >
      {own?.kind === 'card_program' ? (
        <span className="text-xs text-muted-foreground">
          <Trans>Card program</Trans>
        </span>
      ) : (
        preview?.site_name && <span className="text-xs text-muted-foreground">{preview.site_name}</span>
      )}
      <span className="inline-flex items-center gap-1 font-medium break-all">
        {preview?.title ?? ownLabel ?? link}
        <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
      </span>
      {preview?.description && (
        <span className="line-clamp-3 text-muted-foreground">{preview.description}</span>
      )}
    </a>
  )
}
