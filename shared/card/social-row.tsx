import { linkTarget, targetFirst } from './link-target';
import { safeIcon } from './safe-url';

// The social row (docs/product.md §2, the card): the links their owner chose to show as icons,
// under the name. A list of links, each named by its title for a screen reader and as a tooltip,
// since the icon alone says nothing to one.

export type RowLink = { id: number; title: string; href: string; icon: string; sensitive?: boolean | undefined };

export function SocialRow({
  links,
  origin,
  preview,
  label,
}: {
  links: RowLink[];
  origin: string;
  preview: boolean;
  label: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className="social" aria-label={label}>
      {links.map((link) => (
        <li key={link.id}>
          <a {...targetFirst(linkTarget(link, preview))} aria-label={link.title} title={link.title}>
            <img src={safeIcon(link.icon, origin)} alt="" width={28} height={28} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
