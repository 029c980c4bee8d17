import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { LocateFixedIcon, XIcon } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { ApiError } from '~/lib/api.ts'
import { cn } from '~/lib/utils.ts'
import { availabilityQueryOptions, cartKeys, type Location, saveLocation } from './queries.ts'
import { describeOrderingError, refusalText } from './refusals.ts'

/**
 * The location popup's form (loaded when the popup opens): delivery (zip code, house number,
 * apartment) or pickup; saving patches or starts the device's food session, then on a
 * restaurant's page asks whether it delivers there.
 */
export function LocationForm({
  restaurant,
  initial,
  onDone,
}: {
  restaurant?: string
  initial?: Location
  onDone: () => void
}) {
  const { i18n, t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [pickup, setPickup] = useState(initial?.pickup_in_restaurant ?? false)
  const [zip, setZip] = useState(initial?.zip_code ?? '')
  const [house, setHouse] = useState(initial?.house_number ?? '')
  const [apartment, setApartment] = useState(initial?.apartment ?? '')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [zipProblem, setZipProblem] = useState<string | null>(null)
  const [houseProblem, setHouseProblem] = useState<string | null>(null)
  const [available, setAvailable] = useState<string | null>(null)
  /** Distance delivery needs the device's position; the guest shares it when asked. */
  const [needsPoint, setNeedsPoint] = useState(false)
  const [point, setPoint] = useState<{ lat: number; lon: number } | null>(null)

  function sharePosition() {
    if (!('geolocation' in navigator)) {
      setProblem(t`This browser cannot share your location. Choose pickup instead.`)
      return
    }
    setBusy(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setBusy(false)
        const shared = { lat: position.coords.latitude, lon: position.coords.longitude }
        setPoint(shared)
        void submit(undefined, shared)
      },
      () => {
        setBusy(false)
        setProblem(t`Your location could not be read. Allow it in the browser, or choose pickup.`)
      },
      { timeout: 15_000, maximumAge: 300_000 },
    )
  }

  async function submit(event?: FormEvent, shared = point) {
    event?.preventDefault()
    setProblem(null)
    setAvailable(null)
    const zipMissing = !pickup && !zip.trim()
    const houseMissing = !pickup && !house.trim()
    setZipProblem(zipMissing ? t`This field is required` : null)
    setHouseProblem(houseMissing ? t`This field is required` : null)
    if (zipMissing || houseMissing) return
    setBusy(true)
    try {
      const saved = await saveLocation(
        pickup
          ? { pickup_in_restaurant: true }
          : {
              pickup_in_restaurant: false,
              zip_code: zip,
              house_number: house,
              apartment,
              ...(shared ? { lat: shared.lat, lon: shared.lon } : {}),
            },
      )
      queryClient.setQueryData(cartKeys.session(saved.uuid), (old) => (old ? { ...old, ...saved } : old))
      await queryClient.invalidateQueries({ queryKey: cartKeys.all })
      if (!pickup && restaurant) {
        const answer = await queryClient.fetchQuery(availabilityQueryOptions(saved.uuid, restaurant))
        if (!answer.restaurant_available) {
          setNeedsPoint(answer.reason === 'location_needed')
          setAvailable(
            refusalText(i18n, answer.reason ?? 'outside_delivery_area') +
              (answer.can_pickup_in_rest ? ` ${t`You can still pick up your order.`}` : ''),
          )
          return
        }
      }
      onDone()
    } catch (error) {
      if (error instanceof ApiError && error.fields.zip_code)
        setZipProblem(t`One of the zip codes does not exist`)
      else if (error instanceof ApiError && error.fields.house_number)
        setHouseProblem(t`Enter the house number with its digits first, like 12 or 12a.`)
      else setProblem(describeOrderingError(i18n, error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4 p-5" noValidate>
      <div className="flex items-start justify-between gap-3">
        <h2 id="location-title" className="text-lg font-semibold">
          <Trans>Delivery or pickup</Trans>
        </h2>
        <Button variant="ghost" size="icon" className="-mt-2 -mr-2" onClick={onDone} aria-label={t`Close`}>
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="sr-only">
          <Trans>How do you get your order?</Trans>
        </legend>
        {[
          // The choice's own words, as the question above puts them ("Bezorgen of afhalen?").
          {
            value: false,
            label: <Trans context="delivery mode">Delivery</Trans>,
            testId: 'location-delivery',
          },
          { value: true, label: <Trans context="delivery mode">Pickup</Trans>, testId: 'location-pickup' },
        ].map((option) => (
          <label
            key={String(option.value)}
            className={cn(
              'flex h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border text-sm font-medium has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
              pickup === option.value ? 'border-primary-600 bg-primary-50 text-primary-900' : 'bg-background',
            )}
            data-testid={option.testId}
          >
            <input
              type="radio"
              name={`${id}-mode`}
              className="sr-only"
              checked={pickup === option.value}
              onChange={() => setPickup(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {pickup ? (
        <p className="text-sm text-muted-foreground">
          <Trans>You pick up your order at the restaurant. No address is needed.</Trans>
        </p>
      ) : (
        <div className="grid gap-3">
          <Field id={`${id}-zip`} label={<Trans>Zip code</Trans>} problem={zipProblem}>
            <Input
              id={`${id}-zip`}
              value={zip}
              onChange={(e) => setZip(e.target.value)}
              autoComplete="postal-code"
              maxLength={16}
              aria-invalid={zipProblem ? true : undefined}
              aria-describedby={zipProblem ? `${id}-zip-problem` : undefined}
              data-testid="location-zip"
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id={`${id}-house`} label={<Trans>House number</Trans>} problem={houseProblem}>
              <Input
                id={`${id}-house`}
                value={house}
                onChange={(e) => setHouse(e.target.value)}
                maxLength={16}
                aria-invalid={houseProblem ? true : undefined}
                aria-describedby={houseProblem ? `${id}-house-problem` : undefined}
                data-testid="location-house"
              />
            </Field>
            <Field id={`${id}-apartment`} label={<Trans>Apartment (optional)</Trans>} problem={null}>
              <Input
                id={`${id}-apartment`}
                value={apartment}
                onChange={(e) => setApartment(e.target.value)}
                maxLength={32}
                data-testid="location-apartment"
              />
            </Field>
          </div>
        </div>
      )}
      {available ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="location-unavailable"
        >
          {available}
        </p>
      ) : null}
      {needsPoint && !pickup ? (
        <Button
          type="button"
          variant="outline"
          onClick={sharePosition}
          disabled={busy}
          data-testid="location-share-position"
        >
          <LocateFixedIcon aria-hidden="true" />
          <Trans>Use my current location</Trans>
        </Button>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-destructive" data-testid="location-problem">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {available ? (
          <Button variant="outline" onClick={onDone}>
            <Trans>Close</Trans>
          </Button>
        ) : null}
        <Button type="submit" disabled={busy} aria-busy={busy || undefined} data-testid="location-save">
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  )
}

function Field({
  id,
  label,
  problem,
  children,
}: {
  id: string
  label: ReactNode
  problem: string | null
  children: ReactNode
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {problem ? (
        <p id={`${id}-problem`} className="text-[13px] text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
