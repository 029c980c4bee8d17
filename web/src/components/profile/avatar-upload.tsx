import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ImageUpIcon, UploadIcon } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormMessage,
  useFormField,
  useZodForm,
} from '~/components/ui/form.tsx'
import { type Answer, api } from '~/lib/api.ts'
import { imageFileSchema } from '~/lib/image-file.ts'
import { notify } from '~/lib/notify.tsx'
import { profileKeys } from '~/lib/queries/profile.ts'
import type { Profile } from '~/lib/queries/types.ts'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { cn } from '~/lib/utils.ts'
import { profileWording } from './profile-schema.ts'
import { UserAvatar } from './user-avatar.tsx'

/** The photo as the API takes it (`avatar`), or none chosen yet. */
const avatarSchema = z.object({ avatar: imageFileSchema.nullable() })

/**
 * Profile picture: pick or drop an image, see it, then save it. A file that is not a JPG or PNG
 * of at most 1 MB is said under the picker at once; the API's refusal of the bytes lands there too.
 */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const form = useZodForm(avatarSchema, { defaultValues: { avatar: null }, mode: 'onChange' })
  const showFieldErrors = useFieldErrors(form, { wording: profileWording })
  const file = useWatch({ control: form.control, name: 'avatar' })
  const refused = !!form.formState.errors.avatar
  const chosen = file && !refused ? file : null
  const [preview, setPreview] = useState<string | null>(null)

  useEffect(() => {
    if (!chosen) {
      setPreview(null)
      return
    }
    const url = URL.createObjectURL(chosen)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [chosen])

  const upload = useMutation({
    mutationFn: (image: File) => {
      const body = new FormData()
      body.append('avatar', image)
      return api.post<Answer<'/user/profile/avatar', 'post'>>('/user/profile/avatar', body)
    },
  })

  const clear = () => {
    form.reset({ avatar: null })
    if (input.current) input.current.value = ''
  }

  const submit = form.handleSubmit(async ({ avatar }) => {
    if (!avatar) return
    try {
      queryClient.setQueryData(profileKeys.me(), await upload.mutateAsync(avatar))
      clear()
      notify.success(msg`Your photo is saved.`)
    } catch (err) {
      showFieldErrors(err)
      notify.error(msg`Your photo could not be saved.`)
    }
  })

  const busy = form.formState.isSubmitting

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate>
        <FormField
          control={form.control}
          name="avatar"
          render={({ field }) => (
            <FormItem className="block">
              <Card data-testid="avatar-card">
                <CardHeader>
                  <CardTitle>
                    <Trans>Photo</Trans>
                  </CardTitle>
                  <FormDescription className="text-sm">
                    <Trans>Preferably 360×360 px, at most 1 MB, JPG or PNG.</Trans>
                  </FormDescription>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <Dropzone
                    disabled={busy}
                    onFile={(chosenFile) => {
                      field.onChange(chosenFile)
                      field.onBlur()
                    }}
                  >
                    <UserAvatar
                      src={preview ?? profile.avatar}
                      name={profile.full_name}
                      className="size-28 text-3xl ring-4 ring-background shadow-md"
                    />
                    <span className="flex items-center gap-1.5 text-sm font-medium text-primary-700">
                      <ImageUpIcon aria-hidden="true" className="size-4" />
                      <Trans>Drop an image here or choose one</Trans>
                    </span>
                    <FormControl>
                      <input
                        ref={(element) => {
                          input.current = element
                          field.ref(element)
                        }}
                        name={field.name}
                        type="file"
                        accept="image/jpeg,image/png"
                        className="sr-only"
                        disabled={busy}
                        data-testid="avatar-input"
                        onChange={(e) => {
                          const picked = e.target.files?.[0]
                          if (!picked) return
                          field.onChange(picked)
                          // A refused file is let go, so choosing it again says so again.
                          if (!imageFileSchema.safeParse(picked).success) e.target.value = ''
                        }}
                      />
                    </FormControl>
                  </Dropzone>
                  <FormMessage data-testid="avatar-problem" />
                  {chosen && (
                    <div className="flex flex-wrap items-center gap-2">
                      <Button type="submit" disabled={busy} aria-busy={busy}>
                        <UploadIcon aria-hidden="true" />
                        {busy ? <Trans>Saving…</Trans> : <Trans>Save photo</Trans>}
                      </Button>
                      <Button type="button" variant="ghost" disabled={busy} onClick={clear}>
                        <Trans>Cancel</Trans>
                      </Button>
                    </div>
                  )}
                </CardContent>
              </Card>
            </FormItem>
          )}
        />
      </form>
    </Form>
  )
}

/** The picker's label: a click chooses a file, a dropped file is taken too. */
function Dropzone({
  disabled,
  onFile,
  children,
}: {
  disabled: boolean
  onFile: (file: File) => void
  children: ReactNode
}) {
  const { formItemId, error } = useFormField()
  const [dragging, setDragging] = useState(false)
  return (
    <label
      htmlFor={formItemId}
      onDragOver={(e) => {
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault()
        setDragging(false)
        const dropped = e.dataTransfer.files[0]
        if (!disabled && dropped) onFile(dropped)
      }}
      data-testid="avatar-dropzone"
      className={cn(
        'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed p-5 text-center transition-colors',
        'hover:border-primary-300 hover:bg-primary-50/40 focus-within:border-primary-500',
        dragging && 'bg-primary-50',
        error ? 'border-destructive/60' : dragging && 'border-primary-500',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      {children}
    </label>
  )
}
