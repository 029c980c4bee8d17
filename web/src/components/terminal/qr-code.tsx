import QRCode from 'qrcode'
import { useMemo } from 'react'
import { cn } from '~/lib/utils.ts'

/**
 * A QR code drawn as one SVG path from the `qrcode` library's module matrix: crisp at any size,
 * no canvas, the same on the server and in the browser. A quiet zone of four modules (the
 * standard's) keeps phone cameras happy on any background.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = QRCode.create(value, { errorCorrectionLevel: 'M' })
    const n = qr.modules.size
    let d = ''
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        if (qr.modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`
      }
    }
    return { size: n + 8, path: d }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={cn('bg-white', className)}
      data-testid="terminal-qr"
      data-value={value}
    >
      <path d={path} fill="#111827" />
    </svg>
  )
}
