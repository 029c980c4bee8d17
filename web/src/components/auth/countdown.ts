import { useEffect, useState } from 'react'

/** Seconds until `at` (epoch ms), ticking once a second; 0 when it has passed. */
export function useCountdown(at: number | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at))
  useEffect(() => {
    setSeconds(secondsUntil(at))
    if (!at) return
    const timer = setInterval(() => {
      const next = secondsUntil(at)
      setSeconds(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [at])
  return seconds
}

const secondsUntil = (at: number | undefined) => Math.max(0, Math.ceil(((at ?? 0) - Date.now()) / 1000))

export const formatSeconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
