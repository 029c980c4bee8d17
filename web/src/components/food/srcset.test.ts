import { describe, expect, it } from 'vitest'
import { fittingSrcset } from './srcset.ts'

const srcset = '/a-160.webp 160w, /a-320.webp 320w, /a-640.webp 640w, /a-960.webp 960w'

describe('the srcset of a picture in a box of fixed width', () => {
  it('keeps the candidates up to the first twice as wide as the box', () => {
    expect(fittingSrcset(srcset, '96px')).toBe('/a-160.webp 160w, /a-320.webp 320w')
    expect(fittingSrcset(srcset, '80px')).toBe('/a-160.webp 160w')
    expect(fittingSrcset(srcset, '400px')).toBe(srcset)
  })

  it('leaves a box that depends on the screen, and an empty srcset, alone', () => {
    expect(fittingSrcset(srcset, '(max-width: 768px) 100vw, 736px')).toBe(srcset)
    expect(fittingSrcset('', '96px')).toBe('')
  })
})
