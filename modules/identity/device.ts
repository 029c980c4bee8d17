import { UAParser } from 'ua-parser-js'

/** A readable device from a User-Agent: "Firefox 133 on Ubuntu", or the raw agent's first word. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'unknown'
  const { browser, os, device } = UAParser(userAgent)
  const name = [browser.name, browser.major].filter(Boolean).join(' ')
  const system = [device.vendor, device.model].filter(Boolean).join(' ') || os.name
  if (!name) return userAgent.split(/[ /]/)[0] || 'unknown'
  return system ? `${name} on ${system}` : name
}
