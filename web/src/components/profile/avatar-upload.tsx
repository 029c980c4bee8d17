import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ImageUpIcon, UploadIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { type Answer, api, fieldIssue } from '~/lib/api.ts'
import { fieldIssueMessage } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { profileKeys } from '~/lib/queries/profile.ts'
import type { Profile } from '~/lib/queries/types.ts'
import { cn } from '~/lib/utils.ts'
import { profileWording } from './profile-schema.ts'
import { UserAvatar } from './user-avatar.tsx'

/** The API's limits (modules/identity/http/avatar.ts), checked here first so nobody waits for a refusal. */
export const avatarMaxBytes = 1024 * 1024
const avatarTypes = ['image/jpeg', 'image/png']

export function checkAvatar(file: File): MessageDescriptor | null {
  if (!avatarTypes.includes(file.type)) return msg`Choose a JPG or PNG image.`
  if (file.size > avatarMaxBytes) return msg`The image is larger than 1 MB.`
  return null
}

/** Profile picture: pick or drop an image, see it, then save it. */
export function AvatarUpload({ profile }: { profile: Profile }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const inputId = useId()
  const hintId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<MessageDescriptor | null>(null)
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    if (!file) {
      setPreview(null)
      return
    }
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const upload = useMutation({
    mutationFn: (image: File) => {
      const body = new FormData()
      body.append('avatar', image)
      return api.post<Answer<'/user/profile/avatar', 'post'>>('/user/profile/avatar', body)
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.me(), saved)
      setFile(null)
      if (input.current) input.current.value = ''
      notify.success(msg`Your photo is saved.`)
    },
    onError: (err) => {
      const issue = fieldIssue(err, 'avatar')
      const known = issue
        ? (profileWording(issue, 'avatar') ?? fieldIssueMessage(issue, i18n.locale))
        : undefined
      if (known) setProblem(known)
      notify.error(msg`Your photo could not be saved.`, known ? { description: known } : undefined)
    },
  })

  const take = (chosen: File | undefined) => {
    if (!chosen) return
    const refused = checkAvatar(chosen)
    setProblem(refused)
    setFile(refused ? null : chosen)
    if (refused && input.current) input.current.value = ''
  }

  const busy = upload.isPending
  const shown = preview ?? profile.avatar

  return (
    <Card data-testid="avatar-card">
      <CardHeader>
        <CardTitle>
          <Trans>Photo</Trans>
        </CardTitle>
        <CardDescription id={hintId}>
          <Trans>Preferably 360×360 px, at most 1 MB, JPG or PNG.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault()
            setDragging(false)
            if (!busy) take(e.dataTransfer.files[0])
          }}
          data-testid="avatar-dropzone"
          className={cn(
            'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed p-5 text-center transition-colors',
            'hover:border-primary-300 hover:bg-primary-50/40 focus-within:border-primary-500',
            dragging && 'border-primary-500 bg-primary-50',
            problem && 'border-destructive/60',
            busy && 'pointer-events-none opacity-60',
          )}
        >
          <UserAvatar
            src={shown}
            name={profile.full_name}
            className="size-28 text-3xl ring-4 ring-background shadow-md"
          />
          <span className="flex items-center gap-1.5 text-sm font-medium text-primary-700">
            <ImageUpIcon aria-hidden="true" className="size-4" />
            <Trans>Drop an image here or choose one</Trans>
          </span>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png"
            className="sr-only"
            aria-describedby={hintId}
            disabled={busy}
            data-testid="avatar-input"
            onChange={(e) => take(e.target.files?.[0])}
          />
        </label>
        {problem && (
          <p role="alert" className="text-[13px] font-medium text-destructive" data-testid="avatar-problem">
            {i18n._(problem)}
          </p>
        )}
        {file && (
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={() => upload.mutate(file)} disabled={busy} aria-busy={busy}>
              <UploadIcon aria-hidden="true" />
              {busy ? <Trans>Saving…</Trans> : <Trans>Save photo</Trans>}
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setFile(null)
                if (input.current) input.current.value = ''
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
