import { initialsOf } from '@shared/initials';
import type { CustomTheme } from '@shared/types';

/** A small card drawn with the chosen colours and font, updated as the values change. */
export function ThemePreview({ theme, name, username }: { theme: CustomTheme; name: string; username: string }) {
  return (
    <div
      aria-label="Theme preview"
      role="img"
      className="mx-auto w-full max-w-xs overflow-hidden rounded-2xl border border-slate-200 shadow-sm dark:border-slate-700"
      style={{
        backgroundColor: theme.background_color,
        color: theme.text_color,
        fontFamily: theme.font_family,
        backgroundImage: theme.background_image ? `url("${theme.background_image}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
        <span
          className="flex h-16 w-16 items-center justify-center rounded-full text-xl font-semibold text-white"
          style={{ backgroundColor: theme.accent_color }}
        >
          {initialsOf(name) || 'U'}
        </span>
        <p className="text-lg font-semibold">{name || 'Your Name'}</p>
        <p className="text-sm opacity-75">@{username || 'username'}</p>
        <div className="mt-3 w-full space-y-2">
          {['My Website', 'GitHub'].map((label) => (
            <span
              key={label}
              className="block w-full rounded-lg px-4 py-2 text-sm font-medium text-white"
              style={{ backgroundColor: theme.accent_color }}
            >
              {label}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
