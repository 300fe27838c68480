import type { CSSProperties } from 'react';
import { cardLook } from '@shared/card-look';
import { inkColours } from '@shared/colour';
import { InitialsPicture } from '@shared/initials-picture';
import { Picture } from '@shared/picture';
import { iconPath } from '@shared/platforms';
import type { CustomTheme } from '@shared/types';

const SAMPLE_LINKS = [
  { title: 'My Website', icon: iconPath('website') },
  { title: 'GitHub', icon: iconPath('github') },
];

/**
 * A small card drawn as the public card draws itself (worker/pages/styles.ts): the photo or the
 * initials, the muted @username, 'Save contact' in the accent, and link rows tinted with it.
 * The colours go through the card's own resolution, so a half-typed value shows the fallback.
 */
export function ThemePreview({
  theme,
  name,
  username,
  avatar,
}: {
  theme: CustomTheme;
  name: string;
  username: string;
  avatar: string | null;
}) {
  const look = cardLook({ custom_theme: theme, theme: null, template: null });
  const ink = inkColours(look);
  const row: CSSProperties = {
    backgroundColor: `color-mix(in srgb, ${look.accent} 10%, ${look.background})`,
    borderColor: `color-mix(in srgb, ${look.accent} 35%, transparent)`,
  };
  return (
    <div
      aria-label="Theme preview"
      role="img"
      className="mx-auto w-full max-w-xs overflow-hidden rounded-2xl border border-slate-200 shadow-sm dark:border-slate-700"
      style={{
        backgroundColor: look.background,
        color: look.text,
        fontFamily: look.font,
        backgroundImage: look.backgroundImage ? `url("${look.backgroundImage}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <div className="flex flex-col items-center gap-1 px-6 py-8 text-center">
        <span className="relative h-16 w-16 overflow-hidden rounded-full">
          {avatar ? (
            <Picture
              url={avatar}
              kind="avatar"
              sizes="64px"
              maxWidth={192}
              alt=""
              className="h-full w-full object-cover"
            />
          ) : (
            <InitialsPicture name={name} className="h-full w-full" />
          )}
        </span>
        <p className="mt-2 text-lg font-semibold">{name || 'Your Name'}</p>
        <p className="text-sm" style={{ color: ink['--mu'] }}>
          @{username || 'username'}
        </p>
        <span
          className="mt-2 rounded-full border px-3 py-1 text-xs font-semibold"
          style={{ borderColor: ink['--ai'], color: ink['--ai'] }}
        >
          Save contact
        </span>
        <div className="mt-3 w-full space-y-2">
          {SAMPLE_LINKS.map((link) => (
            <span
              key={link.title}
              className="flex w-full items-center gap-3 rounded-xl border px-3 py-2 text-left text-sm font-semibold"
              style={row}
            >
              <img src={link.icon} alt="" className="h-5 w-5 shrink-0 rounded bg-white p-0.5" />
              {link.title}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
