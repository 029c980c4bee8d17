import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { ImageIcon, ImageUpIcon, LoaderCircleIcon, XIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { Button } from '~/components/ui/button.tsx'
import { FormControl, useFormField } from '~/components/ui/form.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { imageFileSchema } from '~/lib/image-file.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { cn } from '~/lib/utils.ts'
import type { CardTextValues } from './card-settings-values.ts'

/** An uploaded image as the card settings refer to it. */
export type UploadedImage = Pick<Schema<'ProgramImage'>, 'uuid' | 'url'>

/**
 * The card's image, the `image` field of a card form (inside its `FormItem`): chosen (or dropped)
 * and uploaded at once to the programs' image store (`POST manager/commons/images`), so the
 * preview shows it; the card keeps its uuid when the settings are saved. Removing it only clears
 * the choice. A file that is not a JPG or PNG of at most 1 MB, and the upload's refusal, are the
 * field's error, said under it by the form's `FormMessage`.
 */
export function CardImageField({
  value,
  onChange,
  disabled,
}: {
  value: UploadedImage | null
  onChange: (image: UploadedImage | null) => void
  disabled?: boolean
}) {
  const { i18n } = useLingui()
  const form = useFormContext<CardTextValues>()
  const { formItemId, error } = useFormField()
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) => (path === 'image' ? 'image' : undefined),
  })
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const refuse = (message: MessageDescriptor) =>
    form.setError('image', {
      type: 'upload',
      // `FormMessage` translates an id live; a message with numbers is put in words now.
      message: message.values && Object.keys(message.values).length ? i18n._(message) : message.id,
    })

  const upload = useMutation({
    mutationFn: async (image: File) => {
      const body = new FormData()
      body.append('image', image)
      return (await api.post<Answer<'/manager/commons/images', 'post', 201>>('/manager/commons/images', body))
        .result
    },
    onSuccess: (stored) => {
      form.clearErrors('image')
      onChange({ uuid: stored.uuid, url: stored.url })
    },
    onError: (err) => {
      if (showFieldErrors(err).shown) return
      refuse(
        err instanceof ApiError && err.status === 413
          ? msg`The image is larger than 1 MB.`
          : describeApiError(err),
      )
    },
    onSettled: () => {
      if (input.current) input.current.value = ''
    },
  })

  const take = (file: File | undefined) => {
    if (!file) return
    const checked = imageFileSchema.safeParse(file)
    if (!checked.success) {
      form.setError('image', { type: 'file', message: checked.error.issues[0]?.message })
      if (input.current) input.current.value = ''
      return
    }
    form.clearErrors('image')
    upload.mutate(file)
  }

  const busy = upload.isPending
  const off = disabled || busy

  return (
    <div className="flex flex-wrap items-center gap-4">
      <label
        htmlFor={formItemId}
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
          dragging && 'bg-primary-50',
          error ? 'border-destructive/60' : dragging && 'border-primary-500',
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
        <FormControl>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png"
            className="sr-only"
            disabled={off}
            data-testid="card-image-input"
            onChange={(e) => take(e.target.files?.[0])}
          />
        </FormControl>
      </label>
      {value && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={off}
          onClick={() => {
            form.clearErrors('image')
            onChange(null)
          }}
          data-testid="card-image-remove"
        >
          <XIcon aria-hidden="true" />
          <Trans>Remove image</Trans>
        </Button>
      )}
    </div>
  )
}
