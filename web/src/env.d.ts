/// <reference types="vite/client" />

/** The id of the build this bundle belongs to (see `version.json`); set by web/vite.config.ts. */
declare const __BUILD_ID__: string

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
