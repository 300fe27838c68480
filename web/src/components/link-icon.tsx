import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_ICON } from '@shared/platforms';
import { cn } from '@/lib/cn';

/**
 * docs/product.md §2: an icon is drawn as an image only when it is an http(s) URL or lives on this
 * site; anything else gets the default icon. A broken image falls back to the placeholder, and
 * a broken placeholder to a drawn glyph.
 */
export function isDisplayableIcon(icon: string | null | undefined): icon is string {
  if (!icon) return false;
  if (/^https?:\/\//i.test(icon)) return true;
  if (typeof window !== 'undefined' && icon.startsWith(window.location.origin)) return true;
  return icon.startsWith('/') && !icon.startsWith('//');
}

export function LinkIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState<string[]>([]);
  const candidates = [isDisplayableIcon(icon) ? icon : null, DEFAULT_ICON].filter(
    (src): src is string => !!src && !failed.includes(src),
  );
  const src = candidates[0];
  const box = cn('h-8 w-8 shrink-0 rounded-md', className);
  if (!src) {
    return (
      <span
        aria-hidden
        className={cn(box, 'flex items-center justify-center bg-slate-100 text-slate-500 dark:bg-slate-800')}
      >
        <Link2 className="h-4 w-4" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      className={cn(box, 'bg-white object-contain p-1 dark:bg-slate-100')}
      onError={() => setFailed((list) => [...list, src])}
    />
  );
}
