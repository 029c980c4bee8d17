import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  BellIcon,
  EyeIcon,
  EyeOffIcon,
  HistoryIcon,
  LoaderCircleIcon,
  PencilIcon,
  PlusIcon,
  RotateCwIcon,
  Trash2Icon,
} from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { ConfirmButton } from '~/components/shared/confirm-button.tsx'
import { EmptyState } from '~/components/shared/empty-state.tsx'
import { LoadError, RowsSkeleton } from '~/components/shared/states.tsx'
import { useHydrated } from '~/components/shared/use-hydrated.ts'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card, CardContent } from '~/components/ui/card.tsx'
import { Checkbox } from '~/components/ui/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog.tsx'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useZodForm,
} from '~/components/ui/form.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table.tsx'
import { Textarea } from '~/components/ui/textarea.tsx'
import { type Answer, ApiError, api } from '~/lib/api.ts'
import { describeApiError } from '~/lib/api-messages.ts'
import type { Schema } from '~/lib/api-types.gen.ts'
import { notify } from '~/lib/notify.tsx'
import { useFieldErrors } from '~/lib/use-field-errors.ts'
import { endpointLabel } from './endpoint-label.ts'
import { notificationCategoryNames, notificationFieldNames } from './messages.ts'
import { MaxRepeatsError, saveWithRetries } from './save-with-retries.ts'

/** A catalogue name in the reader's language (the API's stable name when it is new to us). */
const labelOf = (i18n: I18n, names: Record<string, MessageDescriptor>, name: string) => {
  const descriptor = names[name]
  return descriptor ? i18n._(descriptor) : name
}

/** Shapes of `manager/payment-notifications` and the webhooks delivery log: the generated types. */
type Notification = Schema<'PaymentNotification'>

const keys = {
  all: ['payment-notifications'] as const,
  categories: () => [...keys.all, 'categories'] as const,
  list: (program: string) => [...keys.all, 'list', program] as const,
  deliveries: (endpoint: string) => [...keys.all, 'deliveries', endpoint] as const,
  endpoint: (endpoint: string) => [...keys.all, 'endpoint', endpoint] as const,
}

const categoriesQuery = () =>
  queryOptions({
    queryKey: keys.categories(),
    queryFn: () =>
      api
        .get<Answer<'/manager/payment-notifications/categories'>>('/manager/payment-notifications/categories')
        .then((r) => r.results),
    staleTime: Number.POSITIVE_INFINITY,
  })

const listQuery = (program: string) =>
  queryOptions({
    queryKey: keys.list(program),
    queryFn: () =>
      api
        .get<{ results: Notification[] }>('/manager/payment-notifications', { query: { program } })
        .then((r) => r.results),
  })

/**
 * The payment notifications of a payment program (spec: "payment notifications"): the merchant
 * endpoints that receive a signed message when a payment in the program is paid, refunded or
 * fails, each with the fields it chooses; their delivery log, with replay. For the program's owner.
 */
export function NotificationsSection({ program, titled = true }: { program: string; titled?: boolean }) {
  const list = useQuery(listQuery(program))
  const [editing, setEditing] = useState<Notification | 'new' | null>(null)
  // The dialog needs the page's scripts: until they run, a press would do nothing.
  const hydrated = useHydrated()
  return (
    <section aria-labelledby="notifications-title" className="grid gap-4" data-testid="notifications">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="notifications-title" className={titled ? 'text-lg font-semibold' : 'sr-only'}>
            <Trans>Payment notifications</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Your systems hear of every payment in this program: a signed message to each address below.
            </Trans>
          </p>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!hydrated} data-testid="notification-add">
          <PlusIcon aria-hidden="true" />
          <Trans>Add notification</Trans>
        </Button>
      </div>
      {list.isError ? (
        <LoadError onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <RowsSkeleton rows={2} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={<BellIcon aria-hidden="true" className="size-6" />}>
          <Trans>No notifications yet. Add the address of your system to hear of payments.</Trans>
        </EmptyState>
      ) : (
        <div className="grid gap-3">
          {list.data.map((n) => (
            <NotificationCard key={n.uuid} notification={n} onEdit={() => setEditing(n)} />
          ))}
        </div>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-xl" data-testid="notification-dialog">
          {editing !== null && (
            <NotificationForm
              program={program}
              notification={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </section>
  )
}

function NotificationCard({ notification: n, onEdit }: { notification: Notification; onEdit: () => void }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const [showLog, setShowLog] = useState(false)
  const [showSecret, setShowSecret] = useState(false)
  const used = n.categories.flatMap((c) => c.fields.filter((f) => f.is_used).map((f) => ({ c, f })))
  const remove = async () => {
    try {
      await api.delete(`/manager/payment-notifications/${n.uuid}`)
      notify.success(msg`Notification deleted`)
      await queryClient.invalidateQueries({ queryKey: keys.list(n.program) })
    } catch (error) {
      notify.error(describeApiError(error))
    }
  }
  return (
    <Card className="gap-3" data-testid="notification" data-uuid={n.uuid}>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-medium">
              <span data-testid="notification-title">{n.title}</span>
              {n.is_active ? (
                <Badge variant="success">
                  <Trans>Active</Trans>
                </Badge>
              ) : (
                <Badge variant="muted">
                  <Trans>Off</Trans>
                </Badge>
              )}
            </p>
            <p className="truncate font-mono text-[13px] text-muted-foreground">{n.url}</p>
            {n.description && <p className="text-sm text-muted-foreground">{n.description}</p>}
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={onEdit} data-testid="notification-edit">
              <PencilIcon aria-hidden="true" />
              <Trans>Edit</Trans>
            </Button>
            <ConfirmButton
              size="sm"
              title={<Trans>Delete this notification?</Trans>}
              description={
                <Trans>Nothing more is sent to this address. Its delivery log stays readable.</Trans>
              }
              confirmLabel={<Trans>Delete</Trans>}
              onConfirm={remove}
              destructive
              testId="notification-delete"
            >
              <Trash2Icon aria-hidden="true" />
              <Trans>Delete</Trans>
            </ConfirmButton>
          </div>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label={i18n._(msg`Fields sent`)}>
          {used.map(({ c, f }) => (
            <li key={f.key}>
              <Badge variant="outline">
                {labelOf(i18n, notificationCategoryNames, c.key)} ·{' '}
                {labelOf(i18n, notificationFieldNames, f.title)}
              </Badge>
            </li>
          ))}
        </ul>
        {n.secret && (
          <div className="flex items-center gap-2 text-[13px]">
            <span className="text-muted-foreground">
              <Trans>Signing secret</Trans>
            </span>
            <code className="truncate font-mono" data-testid="notification-secret">
              {showSecret ? n.secret : 'whsec_••••••••••••'}
            </code>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setShowSecret((s) => !s)}
              aria-label={showSecret ? i18n._(msg`Hide the secret`) : i18n._(msg`Show the secret`)}
            >
              {showSecret ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
            </Button>
          </div>
        )}
        <div>
          <Button
            variant="link"
            className="h-auto px-0"
            onClick={() => setShowLog((s) => !s)}
            aria-expanded={showLog}
            data-testid="notification-log-toggle"
          >
            <HistoryIcon aria-hidden="true" />
            {showLog ? <Trans>Hide the delivery log</Trans> : <Trans>Delivery log</Trans>}
          </Button>
          {showLog && <DeliveryLog endpoint={n.endpoint_uuid} />}
        </div>
      </CardContent>
    </Card>
  )
}

const deliveryVariant = { pending: 'warning', succeeded: 'success', failed: 'destructive' } as const
const deliveryNames = {
  pending: msg({ message: 'Retrying', context: 'webhook delivery status' }),
  succeeded: msg({ message: 'Delivered', context: 'webhook delivery status' }),
  failed: msg({ message: 'Failed', context: 'webhook delivery status' }),
}

/** The endpoint's deliveries, newest first, each with a Replay (the webhooks module's routes). */
function DeliveryLog({ endpoint }: { endpoint: string }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const log = useQuery({
    queryKey: keys.deliveries(endpoint),
    queryFn: () =>
      api.get<Answer<'/payment/webhook-endpoints/{uuid}/deliveries'>>(
        `/payment/webhook-endpoints/${endpoint}/deliveries`,
        { query: { size: 25 } },
      ),
    refetchInterval: (q) => (q.state.data?.results.some((d) => d.status === 'pending') ? 3000 : false),
  })
  // Where the log's messages go, named in the reader's language (a payment request's callback is
  // labelled by a code, not the API's English).
  const target = useQuery({
    queryKey: keys.endpoint(endpoint),
    queryFn: () =>
      api.get<Answer<'/payment/webhook-endpoints/{uuid}'>>(`/payment/webhook-endpoints/${endpoint}`),
  })
  const label = target.data
    ? endpointLabel(target.data, {
        paymentRequest: (request) => i18n._(msg`Payment request ${request}`),
      })
    : null
  const replay = useMutation({
    mutationFn: (delivery: string) =>
      api.post<Answer<'/payment/webhook-deliveries/{uuid}/replay', 'post', 202>>(
        `/payment/webhook-deliveries/${delivery}/replay`,
      ),
    onSuccess: () => {
      notify.success(msg`Sent again`)
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: keys.deliveries(endpoint) }), 1500)
    },
    onError: (error) => notify.error(describeApiError(error)),
  })
  if (log.isError) return <LoadError onRetry={() => log.refetch()} />
  if (log.isPending) return <RowsSkeleton rows={2} />
  if (log.data.results.length === 0)
    return (
      <EmptyState>
        <Trans>Nothing sent yet.</Trans>
      </EmptyState>
    )
  return (
    <Table data-testid="delivery-log">
      {label && (
        <caption
          className="caption-top pb-2 text-left text-[13px] text-muted-foreground"
          data-testid="delivery-log-to"
        >
          <Trans>Sent to {label}</Trans>
        </caption>
      )}
      <TableHeader>
        <TableRow>
          <TableHead>
            <Trans>Sent</Trans>
          </TableHead>
          <TableHead>
            <Trans>Event</Trans>
          </TableHead>
          <TableHead>
            <Trans context="webhook delivery">Status</Trans>
          </TableHead>
          <TableHead className="text-right">
            <Trans>Attempts</Trans>
          </TableHead>
          <TableHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {log.data.results.map((d) => (
          <TableRow key={d.uuid} data-testid="delivery" data-status={d.status}>
            <TableCell>
              <time dateTime={d.created}>
                {i18n.date(d.created, { dateStyle: 'short', timeStyle: 'medium' })}
              </time>
            </TableCell>
            <TableCell className="font-mono text-[13px]">{d.event_type}</TableCell>
            <TableCell>
              <Badge variant={deliveryVariant[d.status]} data-testid="delivery-status">
                {i18n._(deliveryNames[d.status])}
              </Badge>
              {d.reason && <span className="ml-2 font-mono text-xs text-muted-foreground">{d.reason}</span>}
              {d.last_status !== null && (
                <span className="ml-2 text-xs text-muted-foreground tabular-nums">HTTP {d.last_status}</span>
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums">{d.attempts}</TableCell>
            <TableCell className="text-right">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => replay.mutate(d.uuid)}
                disabled={replay.isPending}
                data-testid="delivery-replay"
              >
                <RotateCwIcon aria-hidden="true" />
                <Trans>Replay</Trans>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/**
 * A notification as the form edits it. `categories` holds the uuids of the fields to send (the
 * API's `categories` path, where it says "choose at least one field"). Spec section 5, checked
 * here too: a missing title or address, or no field for an active notification, is said at once.
 */
const notificationFormSchema = z
  .object({
    title: z.string().trim().min(1, { error: msg`Enter a title.`.id }),
    description: z.string().trim(),
    url: z.string().trim().min(1, { error: msg`Enter the address of your system.`.id }),
    secret: z.string().trim(),
    is_active: z.boolean(),
    categories: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    if (v.is_active && v.categories.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['categories'],
        message: msg`Choose at least one field to send.`.id,
      })
  })

/** The specification's names of a failed save, shown as they are: "Error: fieldsValidation". */
type Failure = 'fieldsValidation' | 'maxRepeats'

/**
 * Add or change a notification. The save is retried three times (1 s, 2 s, 3 s) when the server
 * cannot be reached; then it says `maxRepeats`. A refusal of the input (`fieldsValidation`) is
 * shown under each field at once.
 */
function NotificationForm({
  program,
  notification,
  onDone,
}: {
  program: string
  notification: Notification | null
  onDone: () => void
}) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const categories = useQuery(categoriesQuery())
  const form = useZodForm(notificationFormSchema, {
    defaultValues: {
      title: notification?.title ?? '',
      description: notification?.description ?? '',
      url: notification?.url ?? '',
      secret: '',
      is_active: notification?.is_active ?? true,
      categories:
        notification?.categories.flatMap((c) => c.fields.filter((f) => f.is_used).map((f) => f.uuid)) ?? [],
    },
    mode: 'onSubmit',
  })
  const showFieldErrors = useFieldErrors(form, {
    fieldOf: (path) =>
      path.startsWith('categories')
        ? 'categories'
        : (['title', 'description', 'url', 'secret', 'is_active'] as const).find((name) => name === path),
  })
  const [retrying, setRetrying] = useState(0)
  const saving = form.formState.isSubmitting
  const failure = form.formState.errors.root?.type as Failure | undefined
  const fail = (kind: Failure) => form.setError('root', { type: kind })

  const save = form.handleSubmit(
    async (values) => {
      const used = new Set(values.categories)
      const body = {
        title: values.title,
        description: values.description,
        url: values.url,
        ...(values.secret ? { secret: values.secret } : {}),
        is_active: values.is_active,
        categories: (categories.data ?? []).map((c) => ({
          uuid: c.uuid,
          fields: c.fields.map((f) => ({ uuid: f.uuid, is_used: used.has(f.uuid) })),
        })),
      }
      setRetrying(0)
      try {
        await saveWithRetries(
          () =>
            notification
              ? api.patch(`/manager/payment-notifications/${notification.uuid}`, body)
              : api.post('/manager/payment-notifications', { program, ...body }),
          { onRetry: setRetrying },
        )
        notify.success(notification ? msg`Notification saved` : msg`Notification added`)
        await queryClient.invalidateQueries({ queryKey: keys.list(program) })
        onDone()
      } catch (error) {
        if (error instanceof MaxRepeatsError) fail('maxRepeats')
        else if (error instanceof ApiError && error.reason === 'fieldsValidation') {
          showFieldErrors(error)
          fail('fieldsValidation')
        } else notify.error(describeApiError(error))
      } finally {
        setRetrying(0)
      }
    },
    () => fail('fieldsValidation'),
  )

  return (
    <Form {...form}>
      <form onSubmit={save} noValidate className="grid gap-4" data-testid="notification-form">
        <DialogHeader>
          <DialogTitle>
            {notification ? <Trans>Change notification</Trans> : <Trans>Add notification</Trans>}
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Messages are signed (Standard Webhooks) with the secret; retried after 1 s, 2 s, 3 s and longer
              when your system does not answer.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        {failure && (
          <p
            role="alert"
            className="rounded-lg border border-destructive/30 bg-red-50 px-3 py-2 text-sm text-red-800"
            data-testid="notification-failure"
          >
            <Trans>Error: {failure}</Trans>
          </p>
        )}
        <fieldset disabled={saving} className="grid gap-4">
          <FormField
            control={form.control}
            name="title"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>
                  <Trans>Title</Trans>
                </FormLabel>
                <FormControl>
                  <Input maxLength={200} {...field} />
                </FormControl>
                <FormMessage data-testid="notification-error-title" />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>
                  <Trans context="notification">Description</Trans>
                </FormLabel>
                <FormControl>
                  <Textarea rows={2} maxLength={500} {...field} />
                </FormControl>
                <FormMessage data-testid="notification-error-description" />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="url"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>
                  <Trans>Address (URL)</Trans>
                </FormLabel>
                <FormControl>
                  <Input
                    inputMode="url"
                    placeholder="https://"
                    className="font-mono text-[13px]/normal"
                    {...field}
                  />
                </FormControl>
                <FormMessage data-testid="notification-error-url" />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="secret"
            render={({ field }) => (
              <FormItem className="gap-1.5">
                <FormLabel>
                  <Trans>Signing secret</Trans>
                </FormLabel>
                <FormControl>
                  <Input
                    placeholder={notification ? i18n._(msg`Leave empty to keep the current one`) : 'whsec_…'}
                    autoComplete="off"
                    className="font-mono text-[13px]/normal"
                    {...field}
                  />
                </FormControl>
                <FormDescription>
                  <Trans>Leave it empty and a new secret is made for you.</Trans>
                </FormDescription>
                <FormMessage data-testid="notification-error-secret" />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="is_active"
            render={({ field }) => (
              <FormItem className="flex items-center gap-3">
                <FormControl>
                  <Switch
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <FormLabel>
                  <Trans>Send notifications</Trans>
                </FormLabel>
                <FormMessage data-testid="notification-error-is_active" />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="categories"
            render={({ field }) => (
              <FormItem className="gap-3">
                <FormControl>
                  <fieldset className="grid min-w-0 gap-3">
                    <legend className="mb-3 text-sm font-medium">
                      <Trans>What to send</Trans>
                    </legend>
                    {categories.isPending ? (
                      <RowsSkeleton rows={2} />
                    ) : categories.isError ? (
                      <LoadError onRetry={() => categories.refetch()} />
                    ) : (
                      categories.data.map((c, ci) => (
                        <fieldset
                          key={c.uuid}
                          className="grid gap-2 rounded-lg border p-3"
                          data-testid={`category-${c.key}`}
                        >
                          <legend className="px-1 text-[13px] font-semibold">
                            {labelOf(i18n, notificationCategoryNames, c.key)}
                            <span className="ml-2 font-mono font-normal text-muted-foreground">
                              {c.event_type}
                            </span>
                          </legend>
                          <div className="grid gap-2 sm:grid-cols-2">
                            {c.fields.map((f, fi) => (
                              <span key={f.uuid} className="flex items-center gap-2 text-sm">
                                <Checkbox
                                  id={`field-${f.uuid}`}
                                  ref={ci === 0 && fi === 0 ? field.ref : undefined}
                                  checked={field.value.includes(f.uuid)}
                                  onCheckedChange={(checked) =>
                                    field.onChange(
                                      checked === true
                                        ? [...field.value, f.uuid]
                                        : field.value.filter((uuid) => uuid !== f.uuid),
                                    )
                                  }
                                  onBlur={field.onBlur}
                                  data-testid={`field-${f.key}`}
                                />
                                <Label htmlFor={`field-${f.uuid}`} className="font-normal">
                                  {labelOf(i18n, notificationFieldNames, f.title)}
                                </Label>
                              </span>
                            ))}
                          </div>
                        </fieldset>
                      ))
                    )}
                  </fieldset>
                </FormControl>
                <FormMessage data-testid="notification-error-categories" />
              </FormItem>
            )}
          />
        </fieldset>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onDone} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={saving} aria-busy={saving} data-testid="notification-save">
            {saving && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            {retrying > 0 ? <Trans>Trying again ({retrying} of 3)…</Trans> : <Trans>Save</Trans>}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
