import { sql } from 'drizzle-orm';
import type { MediaMigrationResult } from '@shared/schemas/dev';
import { cards } from '../db/schema';
import type { Db, MediaBindings } from '../env';
import { AppError } from '../lib/errors';
import { detectImageType } from '../lib/image-type';
import { IMAGE_RULES, LEGACY_KEY, prepareImage, type ImageKind } from './media';
import { writeCard } from './media-write';

/** One run's work is bounded: each image costs about a dozen binding calls and R2 writes. */
const PER_RUN = 20;

export type MigrationResult = MediaMigrationResult;

// A key with an extension is an upload stored as sent (sets have none): what is left to convert.
const isLegacy = (column: typeof cards.avatarKey | typeof cards.coverKey) => sql`instr(${column}, '.') > 0`;

/** How many images stored before derivatives are still waiting. */
export async function legacyMediaCount(db: Db) {
  const row = await db
    .select({
      count: sql<number>`sum(${isLegacy(cards.avatarKey)}) + sum(${isLegacy(cards.coverKey)})`,
    })
    .from(cards)
    .get();
  return Number(row?.count ?? 0);
}

/**
 * The one-off media migration (README, Decisions: images): builds the derivatives of avatars and
 * covers stored as sent before this pipeline, keeps each upload as the private original, and points
 * the card at the set; the old object goes once no card uses it. A file that does not decode (a
 * truncated upload accepted back then) can never be drawn: the card loses it and shows its initials.
 * Idempotent and bounded, so the cron runs it until nothing is left.
 */
export async function migrateLegacyMedia(db: Db, media: MediaBindings, limit = PER_RUN): Promise<MigrationResult> {
  const rows = await db
    .select({ userId: cards.id, avatarKey: cards.avatarKey, coverKey: cards.coverKey })
    .from(cards)
    .where(sql`${isLegacy(cards.avatarKey)} OR ${isLegacy(cards.coverKey)}`)
    // Oldest cards first, so successive runs make steady progress.
    .orderBy(cards.createdAt, cards.id)
    .limit(limit)
    .all();
  const result: MigrationResult = { converted: 0, cleared: 0, skipped: 0, remaining: 0 };
  for (const row of rows) {
    for (const kind of ['avatar', 'cover'] as const) {
      const key = row[IMAGE_RULES[kind].column];
      if (key && LEGACY_KEY.test(key)) result[await convert(db, media, row.userId, kind, key)] += 1;
      else if (key?.includes('.')) result[await clear(db, media, row.userId, kind, key)] += 1;
    }
  }
  result.remaining = await legacyMediaCount(db);
  return result;
}

async function convert(db: Db, media: MediaBindings, userId: string, kind: ImageKind, key: string) {
  const object = await media.MEDIA.get(key);
  const bytes = object ? new Uint8Array(await object.arrayBuffer()) : null;
  const detected = bytes ? detectImageType(bytes) : null;
  if (!bytes || !detected) return clear(db, media, userId, kind, key);
  try {
    const image = await prepareImage(media.IMAGES, userId, kind, { image: { ...detected, bytes } });
    await writeCard(db, media.MEDIA, userId, {}, { kind, image, expected: key });
    return 'converted' as const;
  } catch (error) {
    // 422: the binding could not decode it. 409: the owner changed the image meanwhile.
    if (error instanceof AppError && error.status === 422) return clear(db, media, userId, kind, key);
    if (error instanceof AppError && error.status === 409) return 'skipped' as const;
    throw error;
  }
}

async function clear(db: Db, media: MediaBindings, userId: string, kind: ImageKind, key: string) {
  console.warn(JSON.stringify({ level: 'warn', job: 'media-migration', message: 'undecodable image removed', kind }));
  try {
    await writeCard(db, media.MEDIA, userId, {}, { kind, image: null, expected: key });
    return 'cleared' as const;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return 'skipped' as const;
    throw error;
  }
}
