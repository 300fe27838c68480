import { Check, ChevronDown } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { findPlatform, PLATFORM_CATEGORIES, PLATFORMS, type Platform, type PlatformCategory } from '@shared/platforms';
import { LinkIcon } from '@/components/link-icon';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';
import { platformName } from '../lib/platform-words';

const t = words('links');

// The catalogue's categories in the app's language (brands keep their names; lib/platform-words).
const CATEGORY_KEYS = {
  social: 'links.category_social',
  professional: 'links.category_professional',
  programming: 'links.category_programming',
  entertainment: 'links.category_entertainment',
  communication: 'links.category_communication',
  gaming: 'links.category_gaming',
  other: 'links.category_other',
} as const satisfies Record<PlatformCategory, string>;

type Props = {
  id: string;
  value: string;
  onChange: (platformId: string) => void;
  onBlur?: () => void;
  className?: string;
};

/** The platforms whose name (as shown, or in English, or id) holds every word typed, in catalogue order. */
export function searchPlatforms(query: string): Platform[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return PLATFORMS;
  return PLATFORMS.filter((platform) => {
    const text = `${platformName(platform)} ${platform.name} ${platform.id}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The platform picker (docs/product.md §2): a search box over the catalogue, grouped by category,
 * each platform with its icon. It follows the WAI-ARIA combobox pattern: typing filters, the arrows
 * move through the matches, Enter chooses, Escape closes and keeps the choice. Focus stays in the
 * box, the list says which option is active (aria-activedescendant). The list opens in the
 * form's flow, so the dialog around it grows rather than cutting it off.
 */
export function PlatformPicker({ id, value, onChange, onBlur, className }: Props) {
  const listId = useId();
  const chosen = findPlatform(value);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => searchPlatforms(query), [query]);
  // The matches in the order the list shows them (by category), so the arrows follow the eye.
  const ordered = useMemo(
    () => PLATFORM_CATEGORIES.flatMap((category) => matches.filter((platform) => platform.category === category)),
    [matches],
  );
  const optionId = (platform: Platform) => `${listId}-${platform.id}`;
  const activePlatform = ordered[Math.min(active, ordered.length - 1)];

  const show = (start: number) => {
    setOpen(true);
    setActive(start);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const choose = (platform: Platform) => {
    onChange(platform.id);
    close();
  };
  const moveTo = (index: number) => {
    setActive(index);
    const platform = ordered[index];
    if (platform) document.getElementById(optionId(platform))?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open)
          show(
            Math.max(
              0,
              ordered.findIndex((platform) => platform.id === value),
            ),
          );
        else moveTo(Math.min(active + 1, ordered.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) moveTo(Math.max(active - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (!open) break;
        event.preventDefault();
        moveTo(event.key === 'Home' ? 0 : ordered.length - 1);
        break;
      case 'Enter':
        if (!open) break;
        // Chooses instead of sending the form.
        event.preventDefault();
        if (activePlatform) choose(activePlatform);
        break;
      case 'Escape':
        if (!open) break;
        // Closes the list only, not the dialog around the form.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
    }
  };

  return (
    <div className={className}>
      <div className="relative">
        <span className="pointer-events-none absolute start-1.5 top-1/2 -translate-y-1/2">
          <LinkIcon icon={chosen?.icon} className="h-7 w-7" />
        </span>
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && activePlatform ? optionId(activePlatform) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('links.search_platforms')}
          className={cn(inputClass, 'h-10 ps-10 pe-9')}
          value={open ? query : chosen ? platformName(chosen) : ''}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={(event) => event.target.select()}
          onClick={() =>
            !open &&
            show(
              Math.max(
                0,
                ordered.findIndex((platform) => platform.id === value),
              ),
            )
          }
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        />
        <ChevronDown
          className="pointer-events-none absolute end-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
      </div>
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label={t('links.platforms')}
          className="mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          // Clicking an option must not blur the box first (which would close the list).
          onMouseDown={(event) => event.preventDefault()}
        >
          {ordered.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">{t('links.no_platform', { query })}</p>
          ) : (
            PLATFORM_CATEGORIES.map((category) => {
              const group = ordered.filter((platform) => platform.category === category);
              if (group.length === 0) return null;
              const headingId = `${listId}-${category}`;
              return (
                <div key={category} role="group" aria-labelledby={headingId}>
                  <p
                    id={headingId}
                    className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
                  >
                    {t(CATEGORY_KEYS[category])}
                  </p>
                  {group.map((platform) => {
                    const isActive = platform === activePlatform;
                    const isChosen = platform.id === value;
                    return (
                      <div
                        key={platform.id}
                        id={optionId(platform)}
                        role="option"
                        aria-selected={isChosen}
                        className={cn(
                          'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm',
                          isActive && 'bg-brand-50 text-brand-900 dark:bg-slate-800 dark:text-slate-100',
                        )}
                        onMouseMove={() => !isActive && setActive(ordered.indexOf(platform))}
                        onClick={() => choose(platform)}
                      >
                        <LinkIcon icon={platform.icon} className="h-6 w-6 p-0.5" />
                        <span className="flex-1">{platformName(platform)}</span>
                        {isChosen ? <Check className="h-4 w-4 text-brand-600" aria-hidden /> : null}
                      </div>
                    );
                  })}
                </div>
              );
            })
          )}
        </div>
      ) : null}
    </div>
  );
}
