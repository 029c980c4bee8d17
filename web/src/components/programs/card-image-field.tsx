import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { ImageIcon, ImageUpIcon, LoaderCircleIcon, XIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError, fieldErrorMessage } from '~/lib/api-messages.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { cn } from '~/lib/utils.ts'

/** The limits of `POST manager/commons/images` (spec section 5), checked here before uploading. */
const maxBytes = 1024 * 1024
const types = ['image/jpeg', 'image/png']

/** An uploaded image as the card settings refer to it. */
export type UploadedImage = Pick<Schema<'ProgramImage'>, 'uuid' | 'url'>

function checkImage(file: File): MessageDescriptor | null {
  if (!types.includes(file.type)) return msg`Choose a JPG or PNG image.`
  if (file.size > maxBytes) return msg`The image is larger than 1 MB.`
  return null
}

/**
 * The card's image: chosen (or dropped) and uploaded at once to the programs' image store
 * (`POST manager/commons/images`), so the preview shows it; the card keeps its uuid when the
 * settings are saved. Removing it only clears the choice.
 */
export function CardImageField({
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: {
  value: UploadedImage | null
  onChange: (image: UploadedImage | null) => void
  disabled?: boolean
  invalid?: boolean
  describedBy?: string
}) {
  const { i18n } = useLingui()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<MessageDescriptor | string | null>(null)
  const [dragging, setDragging] = useState(false)

  const upload = useMutation({
    mutationFn: async (image: File) => {
      const body = new FormData()
      body.append('image', image)
      return (await api.post<Answer<'/manager/commons/images', 'post', 201>>('/manager/commons/images', body))
        .result
    },
    onSuccess: (stored) => {
      setProblem(null)
      onChange({ uuid: stored.uuid, url: stored.url })
    },
    onError: (error) => {
      const field = fieldErrorMessage(error, 'image', i18n.locale)
      setProblem(
        field
          ? field
          : error instanceof ApiError && error.status === 413
            ? msg`The image is larger than 1 MB.`
            : describeApiError(error),
      )
    },
    onSettled: () => {
      if (input.current) input.current.value = ''
    },
  })

  const take = (file: File | undefined) => {
    if (!file) return
    const refused = checkImage(file)
    setProblem(refused)
    if (refused) {
      if (input.current) input.current.value = ''
      return
    }
    upload.mutate(file)
  }

  const busy = upload.isPending
  const off = disabled || busy
  const shownProblem = problem === null ? null : typeof problem === 'string' ? problem : i18n._(problem)

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-4">
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault()
            if (!off) setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault()
            setDragging(false)
            if (!off) take(e.dataTransfer.files[0])
          }}
          className={cn(
            'flex min-h-24 flex-1 cursor-pointer items-center gap-4 rounded-xl border-2 border-dashed p-3 transition-colors',
            'hover:border-primary-300 hover:bg-primary-50/40 focus-within:border-primary-500',
            dragging && 'border-primary-500 bg-primary-50',
            (invalid || shownProblem) && 'border-destructive/60',
            off && 'pointer-events-none opacity-60',
          )}
          data-testid="card-image-dropzone"
        >
          <span className="grid size-20 shrink-0 place-content-center overflow-hidden rounded-lg bg-muted">
            {value ? (
              <img src={value.url} alt="" className="size-20 object-cover" data-testid="card-image-thumb" />
            ) : busy ? (
              <LoaderCircleIcon aria-hidden="true" className="size-6 animate-spin text-muted-foreground" />
            ) : (
              <ImageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
            )}
          </span>
          <span className="grid gap-0.5 text-sm">
            <span className="flex items-center gap-1.5 font-medium text-primary-700">
              <ImageUpIcon aria-hidden="true" className="size-4" />
              {busy ? (
                <Trans>Uploading…</Trans>
              ) : value ? (
                <Trans>Drop another image here or choose one</Trans>
              ) : (
                <Trans>Drop an image here or choose one</Trans>
              )}
            </span>
            <span className="text-[13px] text-muted-foreground">
              <Trans>Preferably 360×360 px, at most 1 MB, JPG or PNG.</Trans>
            </span>
          </span>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png"
            className="sr-only"
            disabled={off}
            aria-describedby={describedBy}
            aria-invalid={invalid || !!shownProblem || undefined}
            data-testid="card-image-input"
            onChange={(e) => take(e.target.files?.[0])}
          />
        </label>
        {value && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={off}
            onClick={() => {
              setProblem(null)
              onChange(null)
            }}
            data-testid="card-image-remove"
          >
            <XIcon aria-hidden="true" />
            <Trans>Remove image</Trans>
          </Button>
        )}
      </div>
      {shownProblem && (
        <p role="alert" className="text-[13px] font-medium text-destructive" data-testid="card-image-problem">
          {shownProblem}
        </p>
      )}
    </div>
  )
}
