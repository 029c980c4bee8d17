import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import {
  FileTextIcon,
  ImagePlusIcon,
  LoaderCircleIcon,
  PaperclipIcon,
  TrashIcon,
  VideoIcon,
} from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { type FileRejection, useDropzone } from 'react-dropzone'
import { programStatuses } from '~/components/programs/queries.ts'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError, fieldIssueMessage } from '~/lib/api-messages.ts'
import { notify } from '~/lib/notify.tsx'
import { useSession } from '~/lib/use-session.ts'
import { cn } from '~/lib/utils.ts'
import { CountedTextarea } from './counted-textarea.tsx'
import { audienceHints, audienceLabels } from './labels.tsx'
import { Rows } from './post-body.tsx'
import { type Audience, audiences, type FeedPost, feedKeys, withRetries } from './queries.ts'
import { feedLimits, fileLimit, hashtags, httpsLink, imageDropLimit, oneLineTitle, textRows } from './text.ts'
import { checkVideo, type UploadedFile, type UploadedImage, uploadFile, uploadImage } from './uploads.ts'

const uploadFailed = msg`Cannot upload the file or image.`
const imageTooLarge = msg`This image is larger than 2 MB: choose a smaller one.`
const imageWrongType = msg`Only PNG and JPG images can be added.`
const postSaved = msg`Post published`
const postUpdated = msg`Post saved`

interface ProgramOption {
  uuid: string
  title: string
}

/**
 * The programs a post may be tied to: an owner's own, the ones an acceptor takes part in now, any
 * for an admin (docs/feed.md, "Who writes, who reads"), and only active ones: a draft has nobody
 * to read it yet, a blocked or expired program is closed to its people. The API checks it again.
 */
function usePostablePrograms(type: number | undefined) {
  return useQuery({
    queryKey: [...feedKeys.all, 'postable-programs', type],
    enabled: type === 1 || type === 2 || type === 4,
    queryFn: async (): Promise<ProgramOption[]> => {
      if (type === 2) {
        const page = await api.get<Answer<'/manager/acceptor-programs'>>('/manager/acceptor-programs', {
          query: { size: 100 },
        })
        return page.results
          .filter((r) => r.status.id === 21001 && r.program.status.id === programStatuses.active)
          .map((r) => ({ uuid: r.program.uuid, title: r.program.title }))
      }
      const page = await api.get<Answer<'/manager/programs'>>('/manager/programs', {
        query: { size: 100, filter: 'active' },
      })
      return page.results.map((p) => ({ uuid: p.uuid, title: p.title }))
    },
  })
}

type Field = 'title' | 'text' | 'link' | 'program_uuid' | 'audience' | 'images' | 'files' | 'videos'

/**
 * The post create and edit screen (spec section 3, "New post draft", and section 5): a title on
 * one line, the text in rows with a counter, a link forced to https, the program chosen from the
 * allowed ones, who sees it, images dropped or chosen (PNG/JPG up to 2 MB), documents, videos by
 * their YouTube or Vimeo address; the hashtags of the text show as they are typed. Loaded only
 * when someone writes (its uploader and drop zone stay out of the feed's download).
 */
export function PostEditor({ post }: { post?: FeedPost }) {
  const { t, i18n } = useLingui()
  const session = useSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const programs = usePostablePrograms(session?.user.type)
  const ids = {
    title: useId(),
    text: useId(),
    link: useId(),
    program: useId(),
    video: useId(),
    images: useId(),
    files: useId(),
  }
  const [title, setTitle] = useState(post?.title ?? '')
  const [text, setText] = useState(post?.text.rows.join('\n') ?? '')
  const [link, setLink] = useState(post?.link ?? '')
  const [program, setProgram] = useState(post?.program_uuid ?? '')
  const [audience, setAudience] = useState<Audience>(post?.audience ?? 'everyone')
  const [images, setImages] = useState<Pick<UploadedImage, 'uuid' | 'name'>[]>(
    post?.images.map((i) => ({ uuid: i.uuid, name: i.name })) ?? [],
  )
  const [files, setFiles] = useState<Pick<UploadedFile, 'uuid' | 'name' | 'size'>[]>(
    post?.files.map((f) => ({ uuid: f.uuid, name: f.name, size: f.size })) ?? [],
  )
  const [videos, setVideos] = useState<string[]>(post?.videos.map((v) => v.full_url) ?? [])
  const [video, setVideo] = useState('')
  const [uploading, setUploading] = useState(0)
  const [progress, setProgress] = useState<number | null>(null)
  const [errors, setErrors] = useState<Partial<Record<Field, MessageDescriptor>>>({})
  const fileInput = useRef<HTMLInputElement>(null)
  const idempotencyKey = useRef(crypto.randomUUID())

  const rows = textRows(text)
  const tags = hashtags([title, ...rows])

  const refusal = (error: unknown): MessageDescriptor => {
    if (error instanceof ApiError) {
      const issue = error.fields.file?.[0]
      if (issue) return fieldIssueMessage(issue, i18n.locale)
      if (error.status === 422 || error.status === 413) return describeApiError(error)
    }
    return uploadFailed
  }

  const onDrop = async (accepted: File[], rejected: FileRejection[]) => {
    const tooLarge = rejected.some((r) => r.errors.some((e) => e.code === 'file-too-large'))
    const wrongType = rejected.some((r) => r.errors.some((e) => e.code === 'file-invalid-type'))
    setErrors((e) => ({ ...e, images: tooLarge ? imageTooLarge : wrongType ? imageWrongType : undefined }))
    for (const file of accepted.slice(0, feedLimits.images - images.length)) {
      setUploading((n) => n + 1)
      try {
        const image = await uploadImage(file)
        setImages((list) => [...list, { uuid: image.uuid, name: image.name }])
      } catch (error) {
        setErrors((e) => ({ ...e, images: refusal(error) }))
      } finally {
        setUploading((n) => n - 1)
      }
    }
  }
  const dropzone = useDropzone({
    onDrop: (accepted, rejected) => void onDrop(accepted, rejected),
    accept: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
    maxSize: imageDropLimit - 1,
    disabled: images.length >= feedLimits.images,
  })

  const addFiles = async (list: FileList | null) => {
    if (!list) return
    for (const file of [...list].slice(0, feedLimits.files - files.length)) {
      if (file.size > fileLimit) {
        setErrors((e) => ({ ...e, files: msg`This file is larger than 10 MB.` }))
        continue
      }
      setUploading((n) => n + 1)
      setProgress(0)
      try {
        const stored = await uploadFile(file, setProgress)
        setFiles((before) => [...before, { uuid: stored.uuid, name: stored.name, size: stored.size }])
        setErrors((e) => ({ ...e, files: undefined }))
      } catch (error) {
        setErrors((e) => ({ ...e, files: refusal(error) }))
      } finally {
        setUploading((n) => n - 1)
        setProgress(null)
      }
    }
    if (fileInput.current) fileInput.current.value = ''
  }

  const addVideo = async () => {
    const url = video.trim()
    if (url === '' || videos.length >= feedLimits.videos) return
    try {
      const checked = await checkVideo(url)
      setVideos((list) => [...list, checked.full_url])
      setVideo('')
      setErrors((e) => ({ ...e, videos: undefined }))
    } catch (error) {
      const issue =
        error instanceof ApiError ? (error.fields.url?.[0] ?? error.fields.videos?.[0]) : undefined
      setErrors((e) => ({
        ...e,
        videos: issue ? fieldIssueMessage(issue, i18n.locale) : describeApiError(error),
      }))
    }
  }

  const save = useMutation({
    mutationFn: () => {
      const body = {
        title: oneLineTitle(title).trim(),
        text: { rows },
        link: httpsLink(link),
        program_uuid: program || null,
        audience,
        images: images.map((i) => i.uuid),
        files: files.map((f) => f.uuid),
        videos,
      }
      return withRetries(() =>
        post
          ? api.patch<FeedPost>(`/feed/posts/${encodeURIComponent(post.uuid)}`, body)
          : api.post<FeedPost>('/feed/posts', body, {
              headers: { 'idempotency-key': idempotencyKey.current },
            }),
      )
    },
    onSuccess: async (saved) => {
      notify.success(post ? postUpdated : postSaved)
      queryClient.setQueryData(feedKeys.post(saved.url), saved)
      await queryClient.invalidateQueries({ queryKey: feedKeys.lists() })
      // The draft starts over after a save (spec section 4).
      idempotencyKey.current = crypto.randomUUID()
      await navigate({ to: '/posts/$url', params: { url: saved.url } })
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const next: Partial<Record<Field, MessageDescriptor>> = {}
        for (const [path, issues] of Object.entries(error.fields)) {
          const field = (path.split('.')[0] ?? path) as Field
          const issue = issues[0]
          if (issue) next[field] = fieldIssueMessage(issue, i18n.locale)
        }
        setErrors(next)
      }
      notify.error(describeApiError(error))
    },
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const next: Partial<Record<Field, MessageDescriptor>> = {}
    if (oneLineTitle(title).trim() === '') next.title = msg`This field is required`
    if (audience === 'cardholders' && !program)
      next.program_uuid = msg`Choose the program whose card holders see the post.`
    setErrors(next)
    if (Object.keys(next).length > 0) {
      document.getElementById(next.title ? ids.title : ids.program)?.focus()
      return
    }
    save.mutate()
  }

  const errorOf = (field: Field, id: string) =>
    errors[field] ? (
      <p
        id={`${id}-error`}
        className="text-sm text-destructive"
        role="alert"
        data-testid={`editor-error-${field}`}
      >
        {i18n._(errors[field])}
      </p>
    ) : null
  // Until the page is hydrated a click would send the form as HTML: the button waits.
  const hydrated = useHydrated()
  const busy = save.isPending || uploading > 0

  return (
    <form
      onSubmit={submit}
      className="mx-auto grid w-full max-w-2xl gap-5"
      noValidate
      data-testid="post-editor"
    >
      <h1 id="screen-title" data-testid="screen-title" className="text-2xl font-semibold tracking-tight">
        {post ? <Trans>Edit post</Trans> : <Trans>New post</Trans>}
      </h1>

      <div className="grid gap-1">
        <label htmlFor={ids.title} className="text-sm font-medium">
          <Trans>Title</Trans>
        </label>
        <Input
          id={ids.title}
          value={title}
          maxLength={feedLimits.title}
          onChange={(event) => setTitle(oneLineTitle(event.target.value).slice(0, feedLimits.title))}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${ids.title}-error` : undefined}
          data-testid="editor-title"
        />
        {errorOf('title', ids.title)}
      </div>

      <div className="grid gap-1">
        <label htmlFor={ids.text} className="text-sm font-medium">
          <Trans>Text</Trans>
        </label>
        <CountedTextarea
          id={ids.text}
          value={text}
          onChange={setText}
          max={feedLimits.text}
          rows={6}
          testId="editor-text"
          invalid={Boolean(errors.text)}
          describedBy={errors.text ? `${ids.text}-error` : undefined}
        />
        {errorOf('text', ids.text)}
        {tags.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="editor-tags">
            <span className="text-muted-foreground">
              <Trans>Tags:</Trans>
            </span>
            {tags.map((tag) => (
              <span
                key={tag}
                className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-800"
              >
                #{tag}
              </span>
            ))}
          </div>
        )}
      </div>

      <div className="grid gap-1">
        <label htmlFor={ids.link} className="text-sm font-medium">
          <Trans>Link</Trans>
        </label>
        <Input
          id={ids.link}
          value={link}
          inputMode="url"
          placeholder="https://"
          onChange={(event) => setLink(event.target.value)}
          onBlur={() => setLink(httpsLink(link) ?? '')}
          aria-invalid={errors.link ? true : undefined}
          aria-describedby={`${ids.link}-hint${errors.link ? ` ${ids.link}-error` : ''}`}
          data-testid="editor-link"
        />
        <p id={`${ids.link}-hint`} className="text-xs text-muted-foreground">
          <Trans>Links always open over a secure connection (https).</Trans>
        </p>
        {errorOf('link', ids.link)}
      </div>

      <div className="grid gap-1">
        <label htmlFor={ids.program} className="text-sm font-medium">
          <Trans>Program</Trans>
        </label>
        <select
          id={ids.program}
          value={program}
          onChange={(event) => {
            setProgram(event.target.value)
            if (!event.target.value && audience === 'cardholders') setAudience('everyone')
          }}
          className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
          aria-invalid={errors.program_uuid ? true : undefined}
          aria-describedby={errors.program_uuid ? `${ids.program}-error` : undefined}
          data-testid="editor-program"
        >
          <option value="">{t`No program`}</option>
          {(programs.data ?? []).map((p) => (
            <option key={p.uuid} value={p.uuid}>
              {p.title}
            </option>
          ))}
          {post?.program && !programs.data?.some((p) => p.uuid === post.program?.uuid) && (
            <option value={post.program.uuid}>{post.program.title}</option>
          )}
        </select>
        {errorOf('program_uuid', ids.program)}
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Who sees this post</Trans>
        </legend>
        {audiences.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-50',
              value === 'cardholders' && !program && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name="audience"
              value={value}
              checked={audience === value}
              disabled={value === 'cardholders' && !program}
              onChange={() => setAudience(value)}
              className="mt-0.5"
              data-testid={`editor-audience-${value}`}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{i18n._(audienceLabels[value])}</span>
              <span className="text-muted-foreground">{i18n._(audienceHints[value])}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <section className="grid gap-2" aria-labelledby={ids.images}>
        <h2 id={ids.images} className="text-sm font-medium">
          <Trans>Images</Trans>
        </h2>
        <div
          {...dropzone.getRootProps({
            className: cn(
              'grid cursor-pointer place-items-center gap-1 rounded-md border-2 border-dashed p-6 text-center text-sm text-muted-foreground',
              dropzone.isDragActive && 'border-primary bg-primary-50',
            ),
          })}
          data-testid="editor-dropzone"
        >
          <input {...dropzone.getInputProps()} aria-label={t`Add images`} data-testid="editor-image-input" />
          <ImagePlusIcon className="size-6" aria-hidden="true" />
          <span>
            <Trans>Drop PNG or JPG images here (up to 2 MB each), or click to choose.</Trans>
          </span>
        </div>
        {errorOf('images', ids.images)}
        {images.length > 0 && (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {images.map((image) => (
              <li key={image.uuid} className="relative">
                <img
                  src={`/api/v1/feed/images/${encodeURIComponent(image.uuid)}/small`}
                  alt={image.name}
                  className="aspect-square w-full rounded-md object-cover"
                  data-testid="editor-image"
                />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  className="absolute top-1 right-1 size-8"
                  aria-label={t`Remove image ${image.name}`}
                  onClick={() => setImages((list) => list.filter((i) => i.uuid !== image.uuid))}
                >
                  <TrashIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-2" aria-labelledby={ids.files}>
        <h2 id={ids.files} className="text-sm font-medium">
          <Trans>Files</Trans>
        </h2>
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => fileInput.current?.click()}
            disabled={files.length >= feedLimits.files}
          >
            <PaperclipIcon aria-hidden="true" />
            <Trans>Add a document</Trans>
          </Button>
          <input
            ref={fileInput}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-label={t`Add a document`}
            accept=".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.txt,.csv"
            onChange={(event) => void addFiles(event.target.files)}
            data-testid="editor-file-input"
          />
        </div>
        <p className="text-xs text-muted-foreground">
          <Trans>PDF, Word, Excel, PowerPoint, OpenDocument, RTF, text or CSV, up to 10 MB.</Trans>
        </p>
        {progress !== null && (
          <progress className="w-full" value={progress} max={1} aria-label={t`Upload progress`} />
        )}
        {errorOf('files', ids.files)}
        {files.length > 0 && (
          <ul className="grid gap-1">
            {files.map((file) => (
              <li key={file.uuid} className="flex items-center gap-2 text-sm">
                <FileTextIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t`Remove file ${file.name}`}
                  onClick={() => setFiles((list) => list.filter((f) => f.uuid !== file.uuid))}
                >
                  <TrashIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-2">
        <label htmlFor={ids.video} className="text-sm font-medium">
          <Trans>Video (YouTube or Vimeo address)</Trans>
        </label>
        <div className="flex gap-2">
          <Input
            id={ids.video}
            value={video}
            inputMode="url"
            onChange={(event) => setVideo(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                void addVideo()
              }
            }}
            className="min-w-0"
            aria-describedby={errors.videos ? `${ids.video}-error` : undefined}
            data-testid="editor-video"
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => void addVideo()}
            disabled={videos.length >= feedLimits.videos}
          >
            <VideoIcon aria-hidden="true" />
            <Trans>Add</Trans>
          </Button>
        </div>
        {errorOf('videos', ids.video)}
        {videos.length > 0 && (
          <ul className="grid gap-1">
            {videos.map((url) => (
              <li key={url} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">{url}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t`Remove video`}
                  onClick={() => setVideos((list) => list.filter((v) => v !== url))}
                >
                  <TrashIcon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {text.trim() !== '' && (
        <section className="grid gap-2 rounded-md border p-3" aria-label={t`Preview of the text`}>
          <Rows rows={rows} />
        </section>
      )}

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !hydrated} aria-busy={busy} data-testid="editor-submit">
          {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {post ? <Trans>Save</Trans> : <Trans>Publish</Trans>}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() =>
            void navigate(post ? { to: '/posts/$url', params: { url: post.url } } : { to: '/posts' })
          }
        >
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}
