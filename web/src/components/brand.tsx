import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';

/** The product's mark and name, linking home. */
export function Brand({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link
      to="/"
      className={cn('inline-flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}
      aria-label="Cardlink home"
    >
      <BrandMark className="h-8 w-8 shrink-0" />
      {!compact && <span className="text-lg">Cardlink</span>}
    </Link>
  );
}

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="8" fill="#2563eb" />
      <rect x="7" y="9" width="18" height="14" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
      <circle cx="13" cy="15" r="2.5" fill="#fff" />
      <path d="M18 14h4M18 18h4M10 20h6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
