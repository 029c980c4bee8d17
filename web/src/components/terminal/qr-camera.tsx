import { useLingui } from '@lingui/react/macro'
import { QrCodeIcon } from 'lucide-react'
import { type RefObject, useEffect, useRef, useState } from 'react'

export type CameraState = 'idle' | 'starting' | 'scanning' | 'denied' | 'unavailable'

export interface QrCamera {
  state: CameraState
  /** The camera is asked for or running. */
  active: boolean
  /** A code was seen that `read` did not take (another kind of QR code). */
  wrongCode: boolean
  start: () => void
  stop: () => void
  video: RefObject<HTMLVideoElement | null>
}

/**
 * Reads QR codes with the phone's camera: `getUserMedia` (the browser asks for permission when
 * `start` is called, not before), frames drawn to a canvas and decoded with jsQR a few times a
 * second. Each code found is given to `read`; the first it turns into a value goes to `onRead` and
 * stops the scanning. Codes it refuses set `wrongCode`, so the screen can say what it expects.
 * The camera is released when scanning stops or the screen goes.
 */
export function useQrCamera<T>(
  read: (text: string) => T | null | undefined,
  onRead: (value: T) => void,
): QrCamera {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<CameraState>('idle')
  const [wrongCode, setWrongCode] = useState(false)
  const readRef = useRef(read)
  readRef.current = read
  const onReadRef = useRef(onRead)
  onReadRef.current = onRead
  const active = state === 'starting' || state === 'scanning'

  useEffect(() => {
    if (!active) return
    let stream: MediaStream | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const canvas = document.createElement('canvas')
    const context = canvas.getContext('2d', { willReadFrequently: true })
    const scan = async () => {
      const { default: jsQR } = await import('jsqr')
      const tick = () => {
        if (stopped) return
        const v = video.current
        if (v && context && v.readyState >= 2 && v.videoWidth > 0) {
          canvas.width = v.videoWidth
          canvas.height = v.videoHeight
          context.drawImage(v, 0, 0)
          const frame = context.getImageData(0, 0, canvas.width, canvas.height)
          const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })
          if (found?.data) {
            const value = readRef.current(found.data)
            if (value !== null && value !== undefined) {
              stopped = true
              setState('idle')
              setWrongCode(false)
              onReadRef.current(value)
              return
            }
            setWrongCode(true)
          }
        }
        timer = setTimeout(tick, 250)
      }
      tick()
    }
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable')
        return
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        })
        if (stopped) return
        if (video.current) {
          video.current.srcObject = stream
          await video.current.play().catch(() => undefined)
        }
        setState('scanning')
        await scan()
      } catch (error) {
        const name = (error as { name?: string }).name
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable')
      }
    }
    void start()
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [active])

  return {
    state,
    active,
    wrongCode,
    start: () => {
      setWrongCode(false)
      setState('starting')
    },
    stop: () => setState('idle'),
    video,
  }
}

/** The camera's picture while it scans, a QR symbol while it does not. */
export function CameraView({ camera, className }: { camera: QrCamera; className?: string }) {
  const { t } = useLingui()
  return (
    <div
      className={
        className ??
        'relative grid aspect-square place-content-center overflow-hidden rounded-lg border bg-muted'
      }
    >
      <video
        ref={camera.video}
        muted
        playsInline
        className={camera.active ? 'absolute inset-0 size-full object-cover' : 'hidden'}
        aria-label={t`Camera view`}
      />
      {!camera.active && <QrCodeIcon aria-hidden="true" className="size-16 text-muted-foreground" />}
    </div>
  )
}
