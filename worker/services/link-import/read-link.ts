import { recogniseLink } from '@shared/link-recognise';
import { findPlatform, PLATFORMS } from '@shared/platforms';

/**
 * What an imported address is, read as the links form reads a pasted one
 * (shared/link-recognise.ts), so an imported link looks as the same address added by hand: a
 * platform's profile gets its name and icon; a platform's page that is no profile (a video) its
 * icon and name as a custom link; any other site, a look-alike of a platform's host included
 * (`evil-github.com`), is a custom link with the custom icon, named by its host.
 */
export function readLink(url: string) {
  const custom = findPlatform('custom')!;
  const found = recogniseLink(url);
  if (!found) return { platformId: custom.id, name: custom.name, title: custom.name, icon: custom.icon };
  // The platform whose icon it wears: its own, or for a custom link the one whose page it is.
  const wears = PLATFORMS.find((platform) => platform.icon === found.icon) ?? custom;
  return { platformId: found.platformId, name: wears.name, title: found.title, icon: found.icon };
}
