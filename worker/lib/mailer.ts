import { devMail } from '../db/schema';
import type { Bindings, Db } from '../env';
import { isDevelopment } from './config';

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

/** Development: every message lands in the D1 outbox, read at GET /v1/dev/mail?to=. */
export const outboxMailer = (db: Db): Mailer => ({
  async send(message) {
    await db.insert(devMail).values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      code: message.code ?? null,
      createdAt: Date.now(),
    });
  },
});

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

export function createMailer(env: Bindings, db: Db): Mailer {
  if (isDevelopment(env)) return outboxMailer(db);
  return env.RESEND_API_KEY ? resendMailer(env.RESEND_API_KEY, env.MAIL_FROM) : unconfiguredMailer;
}
