/**
 * Videos by URL (spec section 7, `videos` with a body url): YouTube and Vimeo are recognised,
 * anything else is refused. The stored form is the provider and the video's id, so what a post
 * shows is built here and never taken from what was typed: the embed address (YouTube's
 * privacy-enhanced host, Vimeo with do-not-track), which the web loads only when the viewer
 * clicks, and the canonical page address.
 */

export type VideoProvider = 'youtube' | 'vimeo'

export interface RecognisedVideo {
  provider: VideoProvider
  /** YouTube's 11-character id; Vimeo's number, with `_hash` for an unlisted video. */
  video_id: string
}

const youtubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
])
const youtubeId = /^[A-Za-z0-9_-]{11}$/

function parse(raw: string): URL | null {
  const value = raw.trim()
  if (value === '' || value.length > 2048) return null
  try {
    const url = new URL(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value.replace(/^\/\//, '')}`,
    )
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

/** The video a URL shows, when it is a YouTube or Vimeo video; else null. */
export function recogniseVideo(raw: string): RecognisedVideo | null {
  const url = parse(raw)
  if (!url || url.username || url.password) return null
  const host = url.hostname.toLowerCase()
  const parts = url.pathname.split('/').filter(Boolean)

  if (host === 'youtu.be') {
    const id = parts[0]
    return id && youtubeId.test(id) ? { provider: 'youtube', video_id: id } : null
  }
  if (youtubeHosts.has(host)) {
    let id: string | null | undefined
    if (parts[0] === 'watch') id = url.searchParams.get('v')
    else if (['embed', 'shorts', 'live', 'v', 'e'].includes(parts[0] ?? '')) id = parts[1]
    return id && youtubeId.test(id) ? { provider: 'youtube', video_id: id } : null
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com' || host === 'player.vimeo.com') {
    // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123,
    // vimeo.com/groups/x/videos/123, player.vimeo.com/video/123?h=abcdef
    const at = parts.findIndex((p) => /^\d{1,12}$/.test(p))
    if (at < 0) return null
    if (host === 'player.vimeo.com' ? parts[0] !== 'video' || at !== 1 : !isVimeoPagePath(parts, at))
      return null
    const id = parts[at]!
    const hash = url.searchParams.get('h') ?? parts[at + 1]
    return {
      provider: 'vimeo',
      video_id: hash && /^[0-9a-f]{6,16}$/i.test(hash) ? `${id}_${hash.toLowerCase()}` : id,
    }
  }
  return null
}

function isVimeoPagePath(parts: string[], at: number): boolean {
  if (at === 0) return parts.length <= 2
  if (parts[0] === 'channels' && at === 2) return true
  if (parts[0] === 'groups' && parts[2] === 'videos' && at === 3) return true
  return false
}

/** The canonical page of a video (`full_url`). */
export function videoPageUrl(v: RecognisedVideo): string {
  if (v.provider === 'youtube') return `https://www.youtube.com/watch?v=${v.video_id}`
  const [id, hash] = v.video_id.split('_')
  return hash ? `https://vimeo.com/${id}/${hash}` : `https://vimeo.com/${id}`
}

/** Where the player is embedded from, loaded only when the viewer asks to play. */
export function videoEmbedUrl(v: RecognisedVideo): string {
  if (v.provider === 'youtube') return `https://www.youtube-nocookie.com/embed/${v.video_id}`
  const [id, hash] = v.video_id.split('_')
  return `https://player.vimeo.com/video/${id}?dnt=1${hash ? `&h=${hash}` : ''}`
}
