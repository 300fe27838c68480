import { words } from '@/lib/i18n';
import { useState } from 'react';
import { PLATFORM_CATEGORIES, PLATFORM_CATEGORY_LABELS, PLATFORMS, type Platform } from '@shared/platforms';

const t = words('shell');

// A failed icon shows this placeholder (docs/product.md §2, /icons), drawn here rather than
// fetched from an outside placeholder service.
export const NOT_FOUND_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#e2e8f0"/><text x="32" y="36" text-anchor="middle" font-family="Arial, sans-serif" font-size="10" fill="#475569">Not Found</text></svg>',
)}`;

export function IconGallery() {
  return (
    <div className="space-y-10">
      {PLATFORM_CATEGORIES.map((category) => {
        const platforms = PLATFORMS.filter((platform) => platform.category === category);
        if (platforms.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`category-${category}`}>
            <h2 id={`category-${category}`} className="flex items-baseline gap-2 text-xl font-semibold">
              {PLATFORM_CATEGORY_LABELS[category]}
              <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({platforms.length})</span>
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
              {platforms.map((platform) => (
                <IconTile key={platform.id} platform={platform} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function IconTile({ platform }: { platform: Platform }) {
  const [failed, setFailed] = useState(false);
  return (
    <li className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white p-4 text-center dark:border-slate-800 dark:bg-slate-900">
      <span className="flex h-14 w-14 items-center justify-center rounded-lg bg-slate-50 p-2 dark:bg-white">
        <img
          src={failed ? NOT_FOUND_IMAGE : platform.icon}
          alt={failed ? t('shell.icon_not_found') : t('shell.platform_icon', { platform: platform.name })}
          width={40}
          height={40}
          loading="lazy"
          className="h-10 w-10 object-contain"
          onError={() => setFailed(true)}
        />
      </span>
      <span className="text-sm font-medium">{platform.name}</span>
      <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        {platform.id}
      </code>
    </li>
  );
}
