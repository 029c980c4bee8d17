import { describe, expect, it } from 'vitest'
import { documentIdOf, imageJson, thumbnailJson } from './files.ts'
import { preferredCoding } from './http/guest.ts'

const id = '0193a5c2-7f1e-7b4c-9d2a-3e5f6a7b8c9d'

describe('image answers', () => {
  it('a picture: a ~640 px JPG for src, WebP and JPG candidates for srcset', () => {
    const image = imageJson({ id, kind: 'product', width: 1200, height: 900, widths: [960, 160, 640, 320] })
    expect(image.url).toBe(`/api/v1/food/images/${id}-640.jpg`)
    expect(image.srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['160w', '320w', '640w', '960w'])
    expect(image.srcset_fallback).toContain(`${id}-960.jpg 960w`)
  })

  it('a thumbnail: WebP up to 640 px, a ~320 px JPG', () => {
    const thumb = thumbnailJson({ id, width: 1200, height: 900, widths: [160, 320, 640, 960] })
    expect(thumb).toEqual({
      uuid: id,
      url: `/api/v1/food/images/${id}-320.jpg`,
      width: 1200,
      height: 900,
      srcset: [160, 320, 640].map((w) => `/api/v1/food/images/${id}-${w}.webp ${w}w`).join(', '),
    })
    expect(thumbnailJson({ id, width: 120, height: 90, widths: [120] }).url).toMatch(/-120\.jpg$/)
  })

  it('logos stay PNG, without WebP', () => {
    const logo = imageJson({ id, kind: 'favicon_logo', width: 512, height: 512, widths: [32, 180, 192, 512] })
    expect(logo.srcset).toBe('')
    expect(logo.url).toMatch(/-512\.png$/)
  })

  it('reads the document id of an uploaded PDF’s uri, with or without the origin', () => {
    expect(documentIdOf(`/api/v1/food/documents/${id}.pdf`)).toBe(id)
    expect(documentIdOf(`https://pizza.nl/api/v1/food/documents/${id}.pdf`)).toBe(id)
    expect(documentIdOf('https://elsewhere.example/terms.pdf')).toBeNull()
  })
})

describe('content coding of the restaurant page', () => {
  it('prefers brotli, then gzip, as Accept-Encoding allows', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredCoding('gzip')).toBe('gzip')
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredCoding('*')).toBe('br')
    expect(preferredCoding('identity')).toBeUndefined()
    expect(preferredCoding(undefined)).toBeUndefined()
  })
})
