import { isIconOnSiteOutsideImages, LINK_ICON_MESSAGE } from '@shared/schemas/links';
import type { Db } from '../env';
import { invalid } from '../lib/errors';
import { LINK_BLOCKED_MESSAGE, listedEntry } from './link-safety/blocklist';

/**
 * The checks a saved link meets beyond its schema, for every way of saving one (the /v1 routes
 * and the MCP tools alike). An https icon on any host name of this deployment is held to the rule
 * for paths (README, Decisions: icons): `https://<this host>/v1/...` is as much another path of
 * this site as `/v1/...`. A destination on the blocklist is refused (README, Operating: link safety).
 */
export async function refuseUnsafeLink(db: Db, siteHosts: string[], link: { url?: string; icon?: string }) {
  if (link.icon && isIconOnSiteOutsideImages(link.icon, siteHosts)) throw invalid({ icon: [LINK_ICON_MESSAGE] });
  if (link.url !== undefined && (await listedEntry(db, link.url))) throw invalid({ url: [LINK_BLOCKED_MESSAGE] });
}
