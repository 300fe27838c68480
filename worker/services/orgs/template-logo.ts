import { eq } from 'drizzle-orm';
import { cards } from '../../db/schema';
import { orgTemplates } from '../../db/schema/orgs';
import type { Db, MediaBindings } from '../../env';
import { auditEntry, orgOfMemberOrThrow } from './access';
import { parts } from './parts';
import { followStatements, readTemplate, serialize, type TemplateRow } from './template';

// The organisation's company logo (docs/product.md §2, Organisations): one upload of the owner's
// or an admin's, through a card's logo pipeline, that every work card shows. Its files sit in a
// folder of the organisation's (`logos/org-<owner>/`, `originals/org-<owner>/`; the template's
// background has `backgrounds/org-<owner>/`, template-background.ts), never a card's, so
// a card's deletion (which empties the card's folders) cannot take them, and a card's own image
// changes never release them (services/media.ts); they go when the logo is replaced or removed,
// or with the organisation.

const encoder = new TextEncoder();

/** The organisation's media folder: a digest of its id, as a card's is of the card's (services/media.ts). */
export async function orgMediaOwner(orgId: string) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`media:org:${orgId}`)));
  return `org-${[...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Every R2 prefix of the organisation's own images: what deleting the organisation empties. */
export const orgMediaPrefixes = async (orgId: string) => {
  const owner = await orgMediaOwner(orgId);
  return [
    `logos/${owner}/`,
    `originals/${owner}/`,
    // The template's background images (template-background.ts).
    `backgrounds/${owner}/`,
    // Where template backgrounds were stored before their folder had the `org-` name: the same
    // digest, of no card (a card's is of its own id), so the organisation's alone.
    `backgrounds/${owner.slice('org-'.length)}/`,
  ];
};

/** Deletes every object under `prefix` (listed, so no module of the Worker's start is imported here). */
async function deletePrefix(bucket: R2Bucket, prefix: string) {
  for (;;) {
    const page = await bucket.list({ prefix, limit: 1000 });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    if (!page.truncated) return;
  }
}

/** Deletes a logo's files: every file of its set, and its original. */
async function deleteLogo(bucket: R2Bucket, set: string | null | undefined, original: string | null | undefined) {
  if (set) await deletePrefix(bucket, `${set}/`);
  if (original) await bucket.delete(original);
}

/** Deletes every object under the organisation's prefixes (the organisation goes). */
export async function deleteOrgMedia(bucket: R2Bucket, orgId: string) {
  for (const prefix of await orgMediaPrefixes(orgId)) await deletePrefix(bucket, prefix);
}

/**
 * Sets (or removes, with null) the organisation's logo: the new files stored first, then in one
 * batch the template's row, every work card's logo columns and the audit line; only then are the
 * previous logo's files deleted. A failed batch deletes the new files again, so nothing is left.
 */
export async function setOrgLogo(
  db: Db,
  media: MediaBindings,
  origin: string,
  orgId: string,
  accountId: string,
  upload: Parameters<ReturnType<typeof parts>['prepareImage']>[3]['image'] | null,
  now = Date.now(),
) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const { prepareImage, storeImage } = parts();
  const image = upload
    ? await prepareImage(media.IMAGES, orgId, 'logo', { image: upload }, null, await orgMediaOwner(orgId))
    : null;
  const before = await readTemplate(db, orgId);
  const logo = {
    logoKey: image?.set ?? null,
    logoOriginal: image?.original ?? null,
    logoPlaceholder: image?.derivatives.placeholder ?? null,
  };
  const row: TemplateRow = {
    orgId,
    themeId: null,
    customTheme: null,
    templateId: null,
    rules: {},
    lockedValues: {},
    requiredLinks: [],
    signatureLayout: null,
    createdAt: now,
    ...before,
    ...logo,
    version: (before?.version ?? 0) + 1,
    updatedBy: accountId,
    updatedAt: now,
  };
  if (image) await storeImage(media.MEDIA, image);
  try {
    await db.batch([
      db
        .insert(orgTemplates)
        .values(row)
        .onConflictDoUpdate({
          target: orgTemplates.orgId,
          set: { ...logo, version: row.version, updatedBy: accountId, updatedAt: now },
        }),
      ...followStatements(db, row, eq(cards.orgId, orgId), now),
      auditEntry(
        db,
        {
          orgId,
          actorId: accountId,
          action: 'template.updated',
          subject: `version ${row.version}`,
          detail: { logo: image ? 'uploaded' : 'removed' },
        },
        now,
      ),
    ]);
  } catch (error) {
    // The same file sent again is the same set: never delete what the template still shows.
    await deleteLogo(
      media.MEDIA,
      image?.set !== before?.logoKey ? image?.set : null,
      image?.original !== before?.logoOriginal ? image?.original : null,
    ).catch(() => undefined);
    throw error;
  }
  await deleteLogo(
    media.MEDIA,
    before?.logoKey !== logo.logoKey ? before?.logoKey : null,
    before?.logoOriginal !== logo.logoOriginal ? before?.logoOriginal : null,
  );
  return serialize(db, origin, org, row);
}
