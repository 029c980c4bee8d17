import { expect, type Page } from '@playwright/test'
import { payWithSandboxCard as payWithSandboxCardAs } from '../support/factories.ts'

export interface ApiAnswer<T> {
  status: number
  body: T
}

/**
 * A call to the API from inside a signed-in page: same origin, the page's session cookies and the
 * CSRF header, as the portals' own code calls it. A body is sent as JSON, or as multipart when it
 * is a FormData (uploads). A JSON answer is parsed; CSV and other text answers stay text.
 */
export async function apiCall<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  // A multipart body (an upload) crosses into the page as its parts, files as base64.
  const parts =
    body instanceof FormData
      ? await Promise.all(
          [...body.entries()].map(async ([name, value]) =>
            typeof value === 'string'
              ? { name, value, file: undefined }
              : {
                  value: undefined,
                  name,
                  file: {
                    base64: Buffer.from(await value.arrayBuffer()).toString('base64'),
                    type: value.type,
                    filename: value.name,
                  },
                },
          ),
        )
      : undefined
  return page.evaluate(
    async ({ method, path, body, parts }) => {
      let form: FormData | undefined
      if (parts) {
        form = new FormData()
        for (const part of parts) {
          if (part.file) {
            const bytes = Uint8Array.from(atob(part.file.base64), (c) => c.charCodeAt(0))
            form.append(part.name, new Blob([bytes], { type: part.file.type }), part.file.filename)
          } else form.append(part.name, part.value ?? '')
        }
      }
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: form
          ? { 'x-requested-with': 'cardpay' }
          : { 'content-type': 'application/json', 'x-requested-with': 'cardpay' },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        // Not JSON: kept as the text it is.
      }
      return { status: res.status, body: parsed as T }
    },
    { method, path, body: parts ? undefined : body, parts },
  )
}

/** The answer's body, once it is expected to have `status`; `what` names the step when it is not. */
export function ok<T>(res: ApiAnswer<T>, status: number, what: string): T {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status)
  return res.body
}

/**
 * Pays an order or a payment straight through the API with the sandbox provider's good test card,
 * as an owner paying from their own session, and expects it paid (the shared factory's
 * `payWithSandboxCard`).
 */
export async function payWithSandboxCard(page: Page, orderUuid: string): Promise<void> {
  await payWithSandboxCardAs((method, path, body) => apiCall(page, method, path, body), orderUuid)
}
