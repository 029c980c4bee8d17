import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { FileTextIcon, ImageUpIcon, LoaderCircleIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { ApiError } from '~/lib/api.ts'
import { describeApiError, fieldIssueMessage } from '~/lib/api-messages.ts'
import type { FoodImage } from './api.ts'
import { imageFileProblem } from './form-parts.tsx'

/**
 * A file field that uploads at once (images to the food image store, PDFs as documents) and hands
 * the answer to its form; a refusal (checked as the file is chosen, or the API's field code) is
 * said under it in the reader's language.
 */
function useUpload<T>(upload: (file: File) => Promise<T>, onDone: (value: T) => void) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const run = async (file: File, check: () => MessageDescriptor | null) => {
    const refused = check()
    if (refused) {
      setProblem(i18n._(refused))
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      onDone(await upload(file))
    } catch (error) {
      const issue = error instanceof ApiError ? Object.values(error.fields)[0]?.[0] : undefined
      setProblem(i18n._(issue ? fieldIssueMessage(issue, i18n.locale) : describeApiError(error)))
    } finally {
      setBusy(false)
    }
  }
  return { busy, problem, run }
}

export function ImageUploadField({
  id,
  label,
  value,
  onChange,
  upload,
  types,
  error,
  disabled,
  testId,
}: {
  id: string
  label: React.ReactNode
  value: FoodImage | null
  onChange: (image: FoodImage) => void
  upload: (file: File) => Promise<FoodImage>
  types: readonly string[]
  error?: string | undefined
  disabled?: boolean
  testId: string
}) {
  const { i18n } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const { busy, problem, run } = useUpload(upload, onChange)
  const shown = problem ?? (error ? i18n._(error) : null)
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={value.url}
            alt=""
            width={96}
            height={72}
            className="h-18 w-24 rounded-md border object-cover"
            data-testid={`${testId}-preview`}
          />
        ) : (
          <span className="grid h-18 w-24 place-content-center rounded-md border border-dashed text-muted-foreground">
            <ImageUpIcon aria-hidden="true" className="size-5" />
          </span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept={types.join(',')}
          className="sr-only"
          disabled={disabled || busy}
          aria-invalid={!!shown}
          aria-describedby={shown ? `${id}-error` : undefined}
          data-testid={testId}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void run(file, () => imageFileProblem(file, types))
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
        >
          {busy ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <ImageUpIcon aria-hidden="true" />
          )}
          {value ? <Trans>Replace image</Trans> : <Trans>Choose image</Trans>}
        </Button>
      </div>
      {shown && (
        <p id={`${id}-error`} className="text-[13px] text-destructive" role="alert">
          {shown}
        </p>
      )}
    </div>
  )
}

export function DocumentUploadField({
  id,
  label,
  value,
  onChange,
  upload,
  disabled,
  testId,
}: {
  id: string
  label: React.ReactNode
  value: string | null
  onChange: (uri: string) => void
  upload: (file: File) => Promise<string>
  disabled?: boolean
  testId: string
}) {
  const { busy, problem, run } = useUpload(upload, onChange)
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept="application/pdf,.pdf"
          disabled={disabled || busy}
          aria-invalid={!!problem}
          className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          data-testid={testId}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file)
              void run(file, () =>
                file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')
                  ? msg`Choose a PDF file.`
                  : file.size > 2_097_152
                    ? msg`The PDF is larger than 2 MB.`
                    : null,
              )
          }}
        />
        {busy && <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />}
        {value && (
          <a
            href={value}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline"
            data-testid={`${testId}-link`}
          >
            <FileTextIcon aria-hidden="true" className="size-4" />
            <Trans>Open the uploaded PDF</Trans>
          </a>
        )}
      </div>
      {problem && (
        <p className="text-[13px] text-destructive" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
