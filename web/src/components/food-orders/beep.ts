/**
 * The new-order alarm: a short two-tone beep made with Web Audio (no sound file to download),
 * repeated every few seconds while `ringing`. Browsers only let a page make sound after a user
 * gesture, so `unlock()` is called from the "enable sound" button.
 */
export class OrderAlarm {
  private context: AudioContext | undefined
  private timer: ReturnType<typeof setInterval> | undefined

  get enabled(): boolean {
    return this.context?.state === 'running'
  }

  async unlock(): Promise<boolean> {
    const Ctor =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
    if (!Ctor) return false
    this.context ??= new Ctor()
    if (this.context.state !== 'running') await this.context.resume()
    this.beep()
    return this.enabled
  }

  beep(): void {
    const context = this.context
    if (context?.state !== 'running') return
    const start = context.currentTime
    for (const [offset, frequency] of [
      [0, 880],
      [0.25, 660],
    ] as const) {
      const oscillator = context.createOscillator()
      const gain = context.createGain()
      oscillator.frequency.value = frequency
      gain.gain.setValueAtTime(0.0001, start + offset)
      gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2)
      oscillator.connect(gain).connect(context.destination)
      oscillator.start(start + offset)
      oscillator.stop(start + offset + 0.22)
    }
  }

  /** Rings now and every 4 s until `stop()`. */
  ring(): void {
    if (this.timer) return
    this.beep()
    this.timer = setInterval(() => this.beep(), 4_000)
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  get ringing(): boolean {
    return this.timer !== undefined
  }

  close(): void {
    this.stop()
    void this.context?.close()
    this.context = undefined
  }
}
