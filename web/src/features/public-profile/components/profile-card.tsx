import { useEffect, type CSSProperties } from 'react';
import { cardLook } from '@shared/card-look';
import { inkColours } from '@shared/colour';
import { DEFAULT_ICON } from '@shared/platforms';
import { Picture } from '@shared/picture';
import { isAllowedIcon, isAllowedLinkUrl } from '@shared/schemas/links';
import type { PublicProfile } from '@shared/types';
import { cn } from '@/lib/cn';
import { declareThemeFonts } from '@/lib/theme-fonts';
import { CardAvatar } from './card-avatar';
import { ShareButton } from './share-button';

/** docs/product.md §7: a click is reported with the link id; a failure is only logged. */
function reportClick(id: number) {
  fetch(`/v1/link/${id}/click`, { keepalive: true, credentials: 'same-origin' }).catch((error: unknown) =>
    console.error('Click report failed', error),
  );
}

/** The loaded card, as the edge-rendered page draws it (worker/pages/card-page.tsx). */
export function ProfileCard({ profile }: { profile: PublicProfile }) {
  useEffect(declareThemeFonts, []);
  const look = cardLook(profile);
  const avatar = profile.avatar_url ?? profile.avatar;
  const links = profile.links.filter((link) => isAllowedLinkUrl(link.url.trim()));
  const style = {
    '--a': look.accent,
    '--bg': look.background,
    '--fg': look.text,
    ...inkColours(look),
    background: look.background,
    color: look.text,
    fontFamily: look.font,
  } as CSSProperties;
  const align =
    look.avatarPosition === 'left'
      ? 'items-start text-left'
      : look.avatarPosition === 'right'
        ? 'items-end text-right'
        : 'items-center text-center';
  return (
    <div className="min-h-svh" style={style}>
      <main className="mx-auto max-w-[960px] pb-8">
        {profile.cover_image_url && (
          <Picture
            url={profile.cover_image_url}
            kind="cover"
            alt=""
            fetchPriority="high"
            className="aspect-[3/1] h-auto w-full object-cover"
          />
        )}
        <div className={cn('mx-auto grid gap-6 px-4 pt-6', look.twoColumn ? 'md:grid-cols-12' : 'max-w-xl')}>
          <header
            className={cn(
              'flex flex-col gap-1',
              align,
              look.twoColumn && 'md:col-span-4',
              // The mirrored 4/8 grid: who you are on the right, as the edge card draws it.
              look.twoColumn && look.avatarPosition === 'right' && 'md:order-2',
            )}
          >
            {look.showAvatar && <CardAvatar name={profile.name} src={avatar} />}
            <h1 className="mt-2 text-2xl font-bold break-words">{profile.name}</h1>
            <p className="text-(color:--mu)">@{profile.username}</p>
            {profile.bio.trim() && <p className="mt-2 whitespace-pre-line break-words">{profile.bio}</p>}
            {/* A plain link, as on the edge card: the Worker answers the vCard (vCard 4.0). */}
            <a
              href={`/p/${encodeURIComponent(profile.username)}.vcf`}
              download={`${profile.username}.vcf`}
              className="mt-3 inline-flex items-center rounded-full border border-(color:--ai) px-3.5 py-1.5 text-sm font-semibold text-(color:--ai) no-underline"
            >
              Save contact
            </a>
            {profile.contact_exchange && (
              // The edge card's 'Share your contact': the form is the Worker's plain HTML page.
              <a
                href={`/p/${encodeURIComponent(profile.username)}/contact`}
                className="mt-2 inline-flex items-center rounded-full border border-(color:--ai) px-3.5 py-1.5 text-sm font-semibold text-(color:--ai) no-underline"
              >
                Share your contact
              </a>
            )}
          </header>
          <section aria-label="Links" className={cn(look.twoColumn && 'md:col-span-8')}>
            {links.length === 0 ? (
              <p className="text-center text-(color:--mu)">No links available</p>
            ) : (
              <ul className="grid gap-3">
                {links.map((link) => (
                  <li key={link.id}>
                    <a
                      href={link.url.trim()}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() => reportClick(link.id)}
                      onAuxClick={(event) => event.button === 1 && reportClick(link.id)}
                      className="flex min-h-13 items-center gap-3 rounded-xl border px-4 py-2 font-semibold break-words no-underline"
                      style={{ borderColor: look.accent }}
                    >
                      <img
                        src={link.icon && isAllowedIcon(link.icon) ? link.icon : DEFAULT_ICON}
                        alt=""
                        className="h-6 w-6 shrink-0 rounded bg-white p-0.5"
                      />
                      <span>{link.title}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <footer className="mt-10 text-center text-sm text-(color:--mu)">
          Powered by <a href="/">Cardlink</a>
        </footer>
      </main>
      <ShareButton profile={profile} accent={look.accent} background={look.background} />
    </div>
  );
}
