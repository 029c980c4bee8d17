import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { notify } from '~/lib/notify.tsx'
import {
  addAnnouncement,
  announcementsQueryOptions,
  changeAnnouncement,
  deleteAnnouncement,
  type FoodAnnouncement,
  foodKeys,
} from './api.ts'
import { foodErrorMessage } from './form-parts.tsx'

/**
 * A restaurant's announcements (spec food.md section 3, `announcements`): shown to guests on the
 * restaurant list and the restaurant's page; added, changed and deleted here, newest first.
 */
export function AnnouncementsSection({ program }: { program: string }) {
  const list = useQuery(announcementsQueryOptions(program))
  return (
    <Card data-testid="food-announcements">
      <CardHeader>
        <CardTitle>
          <Trans>Announcements</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Short news guests see above your restaurant and its menu, such as a holiday closing.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AnnouncementEditor program={program} />
        {list.isPending ? (
          <RowsSkeleton rows={2} />
        ) : list.isError ? (
          <LoadError onRetry={() => list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="announcements-empty">
            <Trans>No announcements.</Trans>
          </p>
        ) : (
          <ul className="grid gap-3">
            {list.data.map((a) => (
              <AnnouncementRow key={a.uuid} program={program} announcement={a} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function AnnouncementEditor({
  program,
  announcement,
  onDone,
}: {
  program: string
  announcement?: FoodAnnouncement
  onDone?: () => void
}) {
  const { t, i18n } = useLingui()
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  const [text, setText] = useState(announcement?.announcement ?? '')
  const [problem, setProblem] = useState(false)
  const [saving, setSaving] = useState(false)
  const id = announcement ? `announcement-${announcement.uuid}` : 'announcement-new'
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!text.trim()) {
      setProblem(true)
      return
    }
    setSaving(true)
    try {
      if (announcement) await changeAnnouncement(announcement.uuid, text.trim())
      else await addAnnouncement(program, text.trim())
      void queryClient.invalidateQueries({ queryKey: foodKeys.announcements(program) })
      notify.success(announcement ? msg`Announcement saved` : msg`Announcement added`)
      if (!announcement) setText('')
      onDone?.()
    } catch (error) {
      notify.error(foodErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-2"
      data-testid={announcement ? 'announcement-edit-form' : 'announcement-form'}
    >
      <label htmlFor={id} className={announcement ? 'sr-only' : 'text-sm font-medium'}>
        {announcement ? t`Announcement` : t`New announcement`}
      </label>
      <Textarea
        id={id}
        rows={2}
        maxLength={1000}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setProblem(false)
        }}
        aria-invalid={problem}
        aria-describedby={problem ? `${id}-error` : undefined}
        data-testid="announcement-text"
      />
      {problem && (
        <p id={`${id}-error`} className="text-[13px] text-destructive" role="alert">
          {i18n._(msg`This field is required`)}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onDone && (
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button
          type="submit"
          size="sm"
          variant={announcement ? 'primary' : 'outline'}
          disabled={saving || !hydrated}
          data-testid="announcement-save"
        >
          {!announcement && <PlusIcon aria-hidden="true" />}
          {announcement ? <Trans>Save</Trans> : <Trans>Add announcement</Trans>}
        </Button>
      </div>
    </form>
  )
}

function AnnouncementRow({ program, announcement }: { program: string; announcement: FoodAnnouncement }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const remove = async () => {
    try {
      await deleteAnnouncement(announcement.uuid)
      void queryClient.invalidateQueries({ queryKey: foodKeys.announcements(program) })
      notify.success(msg`Announcement deleted`)
    } catch (error) {
      notify.error(foodErrorMessage(error))
    }
  }
  return (
    <li className="rounded-lg border px-3 py-2.5" data-testid="announcement">
      {editing ? (
        <AnnouncementEditor program={program} announcement={announcement} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex items-start gap-2">
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="text-sm break-words whitespace-pre-line" data-testid="announcement-body">
              {announcement.announcement}
            </p>
            <p className="text-[12px] text-muted-foreground">
              <time dateTime={announcement.updated}>
                {i18n.date(announcement.updated, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => setEditing(true)}
            aria-label={t`Change announcement`}
            data-testid="announcement-change"
          >
            <PencilIcon aria-hidden="true" />
          </Button>
          <ConfirmButton
            variant="ghost"
            size="icon"
            destructive
            testId="announcement-delete"
            title={<Trans>Delete this announcement?</Trans>}
            description={<Trans>Guests no longer see it.</Trans>}
            confirmLabel={<Trans>Delete announcement</Trans>}
            onConfirm={remove}
          >
            <Trash2Icon aria-hidden="true" />
            <span className="sr-only">
              <Trans>Delete announcement</Trans>
            </span>
          </ConfirmButton>
        </div>
      )}
    </li>
  )
}
