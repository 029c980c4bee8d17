import { useState } from 'react'
import { downloadBatchCsv } from './queries.ts'

/**
 * Hands a file fetched through the API to the browser as a download: a temporary object URL on a
 * link that is clicked once, released again after the browser has taken it.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Downloads the issued cards of a paid order (`GET card/batches/{uuid}/cards.csv`) through the
 * app's API client, so the session cookie and its refresh apply as for every call. `busy` while it
 * runs; a failure goes to `onError`, for the screen to word.
 */
export function useCardsCsv(
  order: { uuid: string; number: string | number },
  onError: (error: unknown) => void,
): { busy: boolean; download: () => Promise<void> } {
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      const { blob, filename } = await downloadBatchCsv(order.uuid)
      saveBlob(blob, filename ?? `cards-${order.number}.csv`)
    } catch (error) {
      onError(error)
    } finally {
      setBusy(false)
    }
  }
  return { busy, download }
}
