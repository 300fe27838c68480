import { desc, eq } from 'drizzle-orm';
import type { OutboxMail } from '@shared/schemas/dev';
import { devMail } from '../db/schema';
import type { Db } from '../env';
import type { Mailer } from '../lib/mailer';

/** The development outbox (README, Configuration): the last 50 mails sent to an address, newest first. */
export async function readOutbox(db: Db, to: string): Promise<OutboxMail[]> {
  const rows = await db.select().from(devMail).where(eq(devMail.to, to)).orderBy(desc(devMail.id)).limit(50).all();
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    code: row.code,
    sent_at: new Date(row.createdAt).toISOString(),
  }));
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
