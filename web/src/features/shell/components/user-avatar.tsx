import type { User } from '@shared/types';
import { Avatar } from '@/components/avatar';
import { cn } from '@/lib/cn';

/** The header's round avatar: the image, else the initials of the name, else 'U' (docs/product.md §2). */
export function UserAvatar({ user, className }: { user: User | null; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-sm font-semibold text-white',
        className,
      )}
    >
      <Avatar
        src={user?.avatar_url || user?.avatar || null}
        name={user?.name}
        size={36}
        imageClassName="h-full w-full object-cover"
      />
    </span>
  );
}
