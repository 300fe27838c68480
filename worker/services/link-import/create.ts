import { sql } from 'drizzle-orm';
import { LINKS_PER_USER_MAX } from '@shared/constants';
import type { ImportedLink } from '@shared/schemas/link-import';
import { links } from '../../db/schema';
import type { Db } from '../../env';
import { AppError } from '../../lib/errors';
import { TOO_MANY_LINKS } from '../links';
import { defaultDisplay } from '@shared/link-default-display';
import { readLink } from './read-link';
import { accountOf } from '../card-owner';
import { checkWorkCardChange } from '../work-card-rules';

/**
 * Creates the chosen links at the end of the owner's list, in the order given, all or none: one
 * INSERT over a JSON array whose condition keeps the owner within LINKS_PER_USER_MAX, so
 * parallel imports cannot pass it either. Answers how many were created. A work card whose template
 * locks or hides links refuses it, as it refuses a link added by hand.
 */
export async function createImportedLinks(db: Db, cardId: string, chosen: ImportedLink[]) {
  await checkWorkCardChange(db, cardId, { links: true });
  const now = Date.now();
  const rows = JSON.stringify(
    chosen.map((link) => {
      const header = link.kind === 'header';
      return {
        title: link.title,
        url: header ? '' : link.url,
        icon: header ? '' : readLink(link.url).icon,
        kind: link.kind,
        // A social profile comes as an icon of the row, as a new link of the form does (shared/link-display.ts).
        display: header
          ? 'button'
          : link.display === 'icon'
            ? 'icon'
            : link.display === 'button'
              ? 'button'
              : defaultDisplay(link.url),
        starts_at: link.starts_at,
        ends_at: link.ends_at,
      };
    }),
  );
  const owned = sql`(SELECT count(*) FROM ${links} WHERE ${links.cardId} = ${cardId})`;
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO ${links} (user_id, card_id, title, url, icon, display_order, is_active, kind, display, starts_at, ends_at, created_at, updated_at)
    SELECT ${accountOf(cardId)}, ${cardId}, json_extract(j.value, '$.title'), json_extract(j.value, '$.url'), json_extract(j.value, '$.icon'),
      ${owned} + j.key, 1, json_extract(j.value, '$.kind'), json_extract(j.value, '$.display'),
      json_extract(j.value, '$.starts_at'), json_extract(j.value, '$.ends_at'), ${now}, ${now}
    FROM json_each(${rows}) AS j
    WHERE ${owned} + ${chosen.length} <= ${LINKS_PER_USER_MAX}
    RETURNING id`);
  if (inserted.length === 0) throw new AppError(422, TOO_MANY_LINKS, { links: [TOO_MANY_LINKS] });
  return inserted.length;
}
