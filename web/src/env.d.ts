/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Support e-mail address offered to pending-activation accounts (optional). */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Support WhatsApp number, international format, offered to pending-activation accounts (optional). */
  readonly VITE_SUPPORT_WHATSAPP?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
