import { words } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import { BRAND_NAME, BrandMark } from '@shared/brand-mark';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const t = words('shell');

/**
 * The product's mark and name inside the signed-in dashboard: it leads to the overview, not to the
 * marketing page with its Login and Register, of no use once signed in. The landing page's own Brand stays a plain
 * link, so its bundle carries no router.
 */
export function ShellBrand({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link
      to={paths.dashboard}
      className={cn('inline-flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}
      aria-label={t('shell.brand_dashboard', { brand: BRAND_NAME })}
    >
      <BrandMark className="h-8 w-8 shrink-0" />
      {!compact && <span className="text-lg">{BRAND_NAME}</span>}
    </Link>
  );
}
