import { describe, expect, it } from 'vitest'
import {
  caretAfterFormat,
  formatToken,
  isCompleteToken,
  lastGroup,
  misreadCharacters,
  tokenFromText,
  tokenShapeProblem,
} from './token.ts'

describe('card tokens as typed', () => {
  it('uppercases, drops separators and groups by four', () => {
    expect(formatToken('abcd')).toBe('ABCD')
    expect(formatToken('abcde')).toBe('ABCD-E')
    expect(formatToken('ab cd ef gh jk lm np qr')).toBe('ABCD-EFGH-JKLM-NPQR')
    expect(formatToken('ABCD--EFGH')).toBe('ABCD-EFGH')
    expect(formatToken('')).toBe('')
  })

  it('stops at sixteen characters', () => {
    expect(formatToken('ABCDEFGHJKLMNPQRSTUV')).toBe('ABCD-EFGH-JKLM-NPQR')
  })

  it('knows a whole token, and the characters a token never holds', () => {
    expect(isCompleteToken('abcd-efgh-jklm-npqr')).toBe(true)
    expect(isCompleteToken('ABCD-EFGH-JKLM-NPQ')).toBe(false)
    expect(isCompleteToken('ABCD-EFGH-JKLM-NPQ0')).toBe(false)
    expect(misreadCharacters('ABCD-0FGH-1KLM-NPOI')).toEqual(['0', '1', 'O', 'I'])
    expect(misreadCharacters('ABCD-EFGH')).toEqual([])
  })

  it('says what keeps a typed code from being whole, before the API is asked', () => {
    expect(tokenShapeProblem('ABCD-EFGH-JKLM-NPQR')).toBeNull()
    expect(tokenShapeProblem('ABCD-EFGH')).toEqual({ kind: 'incomplete' })
    expect(tokenShapeProblem('ABCD-EFGH-JKLM-NPQ0')).toEqual({ kind: 'misread', characters: ['0'] })
  })

  it('finds the token in a pasted link or sentence', () => {
    expect(tokenFromText('https://localhost/cards/add?token=abcd-efgh-jklm-npqr')).toBe('ABCD-EFGH-JKLM-NPQR')
    expect(tokenFromText('https://localhost/cards/ABCD-EFGH-JKLM-NPQR')).toBe('ABCD-EFGH-JKLM-NPQR')
    expect(tokenFromText('Your code: ABCD EFGH JKLM NPQR. Enjoy!')).toBe('ABCD-EFGH-JKLM-NPQR')
    expect(tokenFromText('  abcdefghjklmnpqr ')).toBe('ABCD-EFGH-JKLM-NPQR')
  })

  it('keeps the caret behind the same character after regrouping', () => {
    // Typing 'x' after 'ABCD' (caret 5 in 'ABCDx'): behind the new fifth character.
    expect(caretAfterFormat('ABCDX', 5, 'ABCD-X')).toBe(6)
    // Deleting in the middle: 'ABCD-EGH' with the caret after 'E'.
    expect(caretAfterFormat('ABCD-EGH', 6, 'ABCD-EGH')).toBe(6)
    expect(caretAfterFormat('ABCD', 0, 'ABCD')).toBe(0)
    expect(caretAfterFormat('abcdefgh', 8, 'ABCD-EFGH')).toBe(9)
  })

  it('masks all but the last group', () => {
    expect(lastGroup('ABCD-EFGH-JKLM-NPQR')).toBe('NPQR')
  })
})
