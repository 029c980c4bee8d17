import { describe, expect, it } from 'vitest'
import { AppError } from '../../platform/errors.ts'
import {
  type Audience,
  canSee,
  mayChangeComment,
  type PostFacts,
  type PostStatus,
  type Viewer,
} from './audience.ts'
import { isSlug, postSlug, slugSuffix, slugWords } from './slug.ts'
import { hashtags, isTag, tagKey } from './tags.ts'
import { httpsLink, postTitle, textRows } from './text.ts'
import { recogniseVideo, videoEmbedUrl, videoPageUrl } from './videos.ts'

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn()
    return undefined
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    return (err as AppError).problems?.link?.[0]?.code
  }
}

describe('post title', () => {
  it('turns line breaks into spaces', () => {
    expect(postTitle('Open\nday')).toBe('Open day')
    expect(postTitle('Open\r\nday\rat\u2028the\tshop')).toBe('Open day at the shop')
    expect(postTitle('  Open \n\n day  ')).toBe('Open day')
  })
})

describe('text rows', () => {
  it('splits at every kind of line break', () => {
    expect(textRows('one\ntwo\r\nthree\rfour\u2029five')).toEqual(['one', 'two', 'three', 'four', 'five'])
  })
  it('keeps empty rows between paragraphs, drops them at the ends, trims row ends', () => {
    expect(textRows('\n\nHello  \n\nWorld\n\n')).toEqual(['Hello', '', 'World'])
    expect(textRows('   indented')).toEqual(['   indented'])
  })
  it('splits rows given as a list further', () => {
    expect(textRows(['a\nb', 'c'])).toEqual(['a', 'b', 'c'])
    expect(textRows('')).toEqual([])
  })
})

describe('link', () => {
  it('is forced to https', () => {
    expect(httpsLink('http://example.com/a?b=1')).toBe('https://example.com/a?b=1')
    expect(httpsLink('HTTP://Example.com')).toBe('https://example.com/')
    expect(httpsLink('example.com/menu')).toBe('https://example.com/menu')
    expect(httpsLink('//example.com/x')).toBe('https://example.com/x')
    expect(httpsLink('shop.example.nl:8443/x')).toBe('https://shop.example.nl:8443/x')
    expect(httpsLink('https://koffie.example/#menu')).toBe('https://koffie.example/#menu')
  })
  it('is optional', () => {
    expect(httpsLink('')).toBeNull()
    expect(httpsLink('   ')).toBeNull()
    expect(httpsLink(null)).toBeNull()
  })
  it('refuses other schemes, credentials and things that are no address', () => {
    expect(codeOf(() => httpsLink('javascript:alert(1)'))).toBe('link_not_http')
    expect(codeOf(() => httpsLink('data:text/html,x'))).toBe('link_not_http')
    expect(codeOf(() => httpsLink('ftp://example.com'))).toBe('link_not_http')
    expect(codeOf(() => httpsLink('https://user:pw@example.com'))).toBe('link_has_credentials')
    expect(codeOf(() => httpsLink('not a link'))).toBe('link_invalid')
    expect(codeOf(() => httpsLink('https://localhost/'))).toBe('link_invalid')
    expect(codeOf(() => httpsLink(`https://example.com/${'a'.repeat(2100)}`))).toBe('too_long')
  })
})

describe('hashtags', () => {
  it('are a hash followed by word characters, unique', () => {
    expect(hashtags(['Coffee #tuesday and #cake_day!', 'Again #tuesday, #2for1'])).toEqual([
      'tuesday',
      'cake_day',
      '2for1',
    ])
  })
  it('are one whatever the case and the Unicode form', () => {
    const decomposed = 'CAFE\u0301'
    expect(hashtags([`#Café #café #CAFÉ #${decomposed}`])).toEqual(['café'])
    expect(tagKey('#Straße')).toBe(tagKey('STRASSE'))
    expect(tagKey('ΟΔΟΣ')).toBe(tagKey('οδος'))
    expect(hashtags(['#кава #Кава'])).toEqual(['кава'])
  })
  it('are not started by a hash inside a word, an address or an entity', () => {
    expect(hashtags(['a#b https://x.nl/page#top &#39; ##double'])).toEqual([])
    expect(hashtags(['(#inside) "#quoted" #end.'])).toEqual(['inside', 'quoted', 'end'])
  })
  it('leave out tags longer than 64 characters', () => {
    expect(hashtags([`#${'a'.repeat(65)} #ok`])).toEqual(['ok'])
  })
  it('tell one tag from anything else', () => {
    expect(isTag('#café')).toBe(true)
    expect(isTag('café')).toBe(true)
    expect(isTag('two words')).toBe(false)
    expect(isTag('#')).toBe(false)
  })
})

describe('slug', () => {
  it('is the title in Latin letters with a random suffix', () => {
    expect(slugWords('Koffie van de week!')).toBe('koffie-van-de-week')
    expect(slugWords('Crème brûlée à la Straße')).toBe('creme-brulee-a-la-strasse')
    expect(slugWords('Кава дня')).toBe('kava-dnia')
    expect(slugWords('???')).toBe('post')
    expect(postSlug('Open day', 'abc12345')).toBe('open-day-abc12345')
    expect(slugSuffix()).toMatch(/^[a-z0-9]{8}$/)
  })
  it('is cut at a hyphen, at most 60 characters before the suffix', () => {
    const words = slugWords('word '.repeat(30))
    expect(words.length).toBeLessThanOrEqual(60)
    expect(words).toMatch(/^word(-word)*$/)
    expect(isSlug(postSlug('word '.repeat(30)))).toBe(true)
  })
})

describe('videos', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=x', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('recognises YouTube %s', (url, id) => {
    expect(recogniseVideo(url)).toEqual({ provider: 'youtube', video_id: id })
  })
  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://vimeo.com/76979871/8272103f6e', '76979871_8272103f6e'],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e', '76979871_8272103f6e'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871'],
  ])('recognises Vimeo %s', (url, id) => {
    expect(recogniseVideo(url)).toEqual({ provider: 'vimeo', video_id: id })
  })
  it.each([
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://vimeo.com/about',
    'javascript:alert(1)',
    'https://evil.youtube.com.example/watch?v=dQw4w9WgXcQ',
  ])('refuses %s', (url) => expect(recogniseVideo(url)).toBeNull())
  it('builds the page and the privacy-enhanced embed addresses', () => {
    const yt = { provider: 'youtube' as const, video_id: 'dQw4w9WgXcQ' }
    expect(videoPageUrl(yt)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    expect(videoEmbedUrl(yt)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    const vimeo = { provider: 'vimeo' as const, video_id: '76979871_8272103f6e' }
    expect(videoPageUrl(vimeo)).toBe('https://vimeo.com/76979871/8272103f6e')
    expect(videoEmbedUrl(vimeo)).toBe('https://player.vimeo.com/video/76979871?dnt=1&h=8272103f6e')
  })
})

describe('the audience rule', () => {
  const owner = 'o'
  const X = 'program-x'
  const viewer = (user_id: string, type: 1 | 2 | 3 | 4, members: string[] = []): Viewer => ({
    user_id,
    user_type: type,
    members: new Set(members),
  })
  const post = (
    audience: Audience,
    status: PostStatus = 'published',
    program_id: string | null = X,
  ): PostFacts => ({
    author_user_id: owner,
    program_id,
    audience,
    status,
  })
  const holderOfX = viewer('h', 3, [X])
  const holderElsewhere = viewer('h2', 3, ['program-y'])
  const acceptorOfX = viewer('a', 2, [X])
  const admin = viewer('admin', 4)
  const author = viewer(owner, 1, [X])
  const stranger = viewer('s', 1)

  it('everyone: all, guests included', () => {
    for (const v of [null, holderOfX, holderElsewhere, acceptorOfX, admin, author, stranger])
      expect(canSee(v, post('everyone'))).toBe(true)
  })
  it("card holders: the program's members, the author and admins", () => {
    expect(canSee(holderOfX, post('cardholders'))).toBe(true)
    expect(canSee(acceptorOfX, post('cardholders'))).toBe(true)
    expect(canSee(admin, post('cardholders'))).toBe(true)
    expect(canSee(author, post('cardholders'))).toBe(true)
    expect(canSee(holderElsewhere, post('cardholders'))).toBe(false)
    expect(canSee(stranger, post('cardholders'))).toBe(false)
    expect(canSee(null, post('cardholders'))).toBe(false)
    // Its program gone (a deleted draft): nobody's membership matches.
    expect(canSee(holderOfX, post('cardholders', 'published', null))).toBe(false)
  })
  it('private: the author and admins', () => {
    expect(canSee(author, post('private'))).toBe(true)
    expect(canSee(admin, post('private'))).toBe(true)
    for (const v of [null, holderOfX, acceptorOfX, stranger]) expect(canSee(v, post('private'))).toBe(false)
  })
  it('hidden and removed: the author and admins; deleted: nobody', () => {
    for (const status of ['hidden', 'removed'] as const) {
      expect(canSee(author, post('everyone', status))).toBe(true)
      expect(canSee(admin, post('everyone', status))).toBe(true)
      expect(canSee(null, post('everyone', status))).toBe(false)
      expect(canSee(holderOfX, post('cardholders', status))).toBe(false)
    }
    for (const v of [null, author, admin, holderOfX])
      expect(canSee(v, post('everyone', 'deleted'))).toBe(false)
  })
  it("comments are changed by their author, the program's owner and admins", () => {
    const comment = { author_user_id: 'h' }
    expect(mayChangeComment({ user_id: 'h', user_type: 3 }, comment, owner)).toBe(true)
    expect(mayChangeComment({ user_id: owner, user_type: 1 }, comment, owner)).toBe(true)
    expect(mayChangeComment({ user_id: 'admin', user_type: 4 }, comment, owner)).toBe(true)
    expect(mayChangeComment({ user_id: 'a', user_type: 2 }, comment, owner)).toBe(false)
    expect(mayChangeComment({ user_id: owner, user_type: 1 }, comment, null)).toBe(false)
  })
})
