import { type Config, ConfigError, loadConfig } from '../modules/platform/config.ts'
import type { Logger } from '../modules/platform/logger.ts'
import type { ModuleDefinition } from '../modules/platform/module.ts'
import { type Wiring, WiringError, wireModules } from '../modules/platform/wiring.ts'

/** Loads the config or stops the process with a message naming each bad variable. */
export function exitOnConfigError(): Config {
  try {
    return loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(78) // EX_CONFIG
    }
    throw err
  }
}

/**
 * Resolves and binds the modules' wiring, or stops the process with a message naming each missing
 * piece and the two modules concerned (a needed port nobody provides must not let requests through).
 */
export function exitOnWiringError(modules: readonly ModuleDefinition[]): Wiring {
  try {
    return wireModules(modules)
  } catch (err) {
    if (err instanceof WiringError) {
      console.error(err.message)
      process.exit(78) // EX_CONFIG
    }
    throw err
  }
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: runs `close` once, and exits non-zero if it has not
 * finished within `timeoutMs` (a stuck request must not keep a deploy waiting forever).
 */
export function onShutdown(log: Logger, timeoutMs: number, close: () => Promise<void>): void {
  let closing = false
  const stop = (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown timed out; exiting')
      process.exit(1)
    }, timeoutMs)
    timer.unref()
    close().then(
      () => {
        log.info('stopped')
        process.exit(0)
      },
      (err) => {
        log.error({ err }, 'error while shutting down')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}
