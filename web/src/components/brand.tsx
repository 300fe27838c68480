import { words } from '@/lib/i18n';
import { BRAND_NAME, BrandMark } from '@shared/brand-mark';
import { cn } from '@/lib/cn';

const t = words('app');

export { BrandMark };

/**
 * The product's mark and name, linking home. A plain link: home is the prerendered landing page
 * the Worker serves, which needs no router (README, Decisions: the landing page).
 */
export function Brand({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <a
      href="/"
      className={cn('inline-flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}
      aria-label={t('app.brand_home', { brand: BRAND_NAME })}
    >
      <BrandMark className="h-8 w-8 shrink-0" />
      {!compact && <span className="text-lg">{BRAND_NAME}</span>}
    </a>
  );
}
