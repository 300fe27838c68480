import { useState } from 'react';
import type { User } from '@shared/types';
import { cn } from '@/lib/cn';

/** Up to two initials: the first letter of each word, uppercased (spec section 9). */
export function initialsOf(name: string | null | undefined) {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** The avatar image, else the initials of the name, else 'U' (spec section 2). */
export function UserAvatar({ user, className }: { user: User | null; className?: string }) {
  const src = user?.avatar_url || user?.avatar || null;
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src && failed !== src;
  return (
    <span
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {showImage ? (
        <img src={src} alt="" className="h-full w-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden>{initialsOf(user?.name) || 'U'}</span>
      )}
    </span>
  );
}
