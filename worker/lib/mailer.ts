import type { Bindings } from '../env';
import { isDevelopment } from './config';

// One Mailer interface: the development outbox (a service, services/dev-outbox.ts, handed in by
// the caller so this module touches no table) or the production provider.

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The one-time code, when the message carries one (readable in the development outbox). */
  code?: string;
};

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Production: Resend's HTTP API (RESEND_API_KEY, MAIL_FROM). */
export const resendMailer = (apiKey: string, from: string, fetcher: typeof fetch = fetch): Mailer => ({
  async send(message) {
    const response = await fetcher('https://api.resend.com/emails', {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text }),
    });
    if (!response.ok) throw new Error(`mail provider answered ${response.status}`);
  },
});

/** Without a provider key, sending fails; the caller logs it (without the code) and answers as usual. */
const unconfiguredMailer: Mailer = {
  async send() {
    throw new Error('mail not sent: RESEND_API_KEY is not set');
  },
};

/** The development outbox in development (every message readable at GET /v1/dev/mail), else the provider. */
export function createMailer(env: Bindings, outbox: Mailer): Mailer {
  if (isDevelopment(env)) return outbox;
  return env.RESEND_API_KEY ? resendMailer(env.RESEND_API_KEY, env.MAIL_FROM) : unconfiguredMailer;
}
