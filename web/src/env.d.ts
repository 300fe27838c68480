/// <reference types="vite/client" />

// Nothing is configured at build time: run-time settings come from GET /v1/config.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
interface ImportMetaEnv {}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
