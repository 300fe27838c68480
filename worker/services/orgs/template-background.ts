import { and, eq, sql } from 'drizzle-orm';
import { cards } from '../../db/schema';
import type { Db, MediaBindings } from '../../env';
import { fieldError } from '../../lib/errors';
import { orgOfMemberOrThrow } from './access';
import { parts } from './parts';
import { readTemplate } from './template';
import { orgMediaOwner } from './template-logo';

// The template's background image (docs/product.md §2, Organisations): an upload of the owner's or
// an admin's, made by a card's image pipeline into the organisation's own folder
// (`backgrounds/org-<digest>/<set>/`), and named only by its address in the saved template's
// `custom_theme.background_image`, which every work card's theme then carries. No column keeps
// it, so the folder itself is the record: after each save every set in it that neither the
// template nor a work card names is deleted (a replaced or removed background, an upload never
// saved), and the folder goes with the organisation (template-logo.ts, deleteOrgMedia). Its
// `org-` folder is what keeps a card's clean-up from ever taking it (services/media.ts).
//
// Templates saved before the folder had its `org-` name name a set in `backgrounds/<digest>/`:
// they keep working as they are, and since only the `org-` folder is listed, those sets are never
// deleted by a save; they go with the organisation.

const FIELD = 'custom_theme.background_image';
export const BACKGROUND_GONE = 'This background image is no longer stored: upload it again';

/** The organisation's folder of background sets. */
export const orgBackgroundFolder = async (orgId: string) => `backgrounds/${await orgMediaOwner(orgId)}/`;

/** The set (`backgrounds/<owner>/<id>`) an image address of this product names, or null. */
const setOfAddress = (url: string | null | undefined) => {
  const path = url ? /\/media\/([^?#]+)$/.exec(url)?.[1] : undefined;
  const segments = path?.split('/') ?? [];
  return segments.length === 4 ? segments.slice(0, 3).join('/') : null;
};

/** Stores an upload's derivatives in the organisation's folder and answers its address; nothing else changes. */
export async function storeOrgBackground(
  db: Db,
  media: MediaBindings,
  origin: string,
  orgId: string,
  accountId: string,
  image: Parameters<ReturnType<typeof parts>['prepareImage']>[3]['image'],
) {
  await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  const { prepareImage, imageUrl } = parts();
  const prepared = await prepareImage(media.IMAGES, orgId, 'background', { image }, null, await orgMediaOwner(orgId));
  // Derivative keys name their content, so a browser may keep them for ever. A background keeps
  // no original: a template's is never cut again.
  await Promise.all(
    prepared.derivatives.files.map((file) =>
      media.MEDIA.put(`${prepared.set}/${file.name}`, file.bytes, { httpMetadata: { contentType: file.contentType } }),
    ),
  );
  return imageUrl(origin, prepared.set, 'background')!;
}

/**
 * A template may name an image of this site only if it is one of the organisation's own uploads
 * that is still stored, or the one it already names (a template of before the `org-` folder): an
 * upload of a card or of another organisation is deleted by its owner's clean-up, and an upload of
 * this one deleted by a save made meanwhile (another admin's, another tab's) would leave every
 * work card without its background.
 */
export async function checkOrgBackground(
  db: Db,
  bucket: R2Bucket,
  orgId: string,
  url: string | null | undefined,
  hosts: string[],
) {
  if (!url) return;
  const { normalHost, BACKGROUND_IMAGE_MESSAGE } = parts();
  const address = new URL(url);
  const onSite = hosts.map(normalHost).includes(normalHost(address.hostname));
  if (!onSite || !address.pathname.startsWith('/media/')) return;
  if ((await readTemplate(db, orgId))?.customTheme?.background_image === url) return;
  const key = address.pathname.slice('/media/'.length);
  const set = setOfAddress(url);
  if (!set || !set.startsWith(await orgBackgroundFolder(orgId))) throw fieldError(FIELD, BACKGROUND_IMAGE_MESSAGE);
  if (!(await bucket.head(key))) throw fieldError(FIELD, BACKGROUND_GONE);
}

/** Every key under `prefix`. */
async function listKeys(bucket: R2Bucket, prefix: string) {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/**
 * Deletes every set of the organisation's background folder that neither its saved template nor
 * any of its work cards names: what a save replaced or removed, and uploads never saved. A work
 * card still names the template's old background after a save that sets no look of the
 * organisation's (each card keeps the look it had), so that set stays until no card shows it. The
 * folder holds few sets (one an upload), so it is listed whole. The names are read after the
 * listing: an upload landing meanwhile is not listed, and a save landing meanwhile is read.
 */
export async function dropUnnamedBackgrounds(db: Db, bucket: R2Bucket, orgId: string) {
  const folder = await orgBackgroundFolder(orgId);
  const keys = await listKeys(bucket, folder);
  if (keys.length === 0) return;
  const image = sql<string | null>`json_extract(${cards.customTheme}, '$.background_image')`;
  const shown = await db
    .selectDistinct({ url: image })
    .from(cards)
    .where(and(eq(cards.orgId, orgId), sql`instr(${image}, ${`/media/${folder}`}) > 0`))
    .all();
  const template = await readTemplate(db, orgId);
  const named = new Set(
    [template?.customTheme?.background_image, ...shown.map((row) => row.url)].map(setOfAddress).filter(Boolean),
  );
  const unnamed = keys.filter((key) => !named.has(key.split('/').slice(0, 3).join('/')));
  for (let start = 0; start < unnamed.length; start += 1000) await bucket.delete(unnamed.slice(start, start + 1000));
}
