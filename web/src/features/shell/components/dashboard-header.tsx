import { words } from '@/lib/i18n';
import { Copy, ExternalLink, Menu, QrCode } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/components/toast';
import type { User } from '@shared/types';
import { ShellBrand } from './shell-brand';
import { paths } from '@/config/paths';
import { ThemeSwitch } from '@/components/theme-switch';
import { buttonClass } from '@/components/ui/button';
import { downloadCardQr } from '@/lib/card-qr';
import { useCardAddress } from '@/features/share/lib/card-address';
import { cn } from '@/lib/cn';
import { markShared } from '@/lib/first-run';
import { useCardId } from '@/lib/use-card-in-view';
import { PHONE_LABEL } from './header-label';
import { UserMenu } from './user-menu';

const t = words('shell');

/**
 * A header button on a phone: its icon over its short word, without a frame (a toolbar's look);
 * the words of all of them on one line, whatever their icons' sizes.
 */
const PHONE_ACTION =
  'max-md:h-12 max-md:min-w-12 max-md:flex-col max-md:justify-end max-md:pb-1 max-md:gap-1 max-md:border-transparent max-md:bg-transparent max-md:px-1 max-md:shadow-none';

export function DashboardHeader({
  user,
  cardSwitcher,
  onOpenNav,
  onLogout,
}: {
  user: User | null;
  /** The card switcher (the cards feature's), put here by the dashboard's layout. */
  cardSwitcher?: ReactNode;
  onOpenNav: () => void;
  onLogout: () => void;
}) {
  // docs/product.md §2: the username comes from the user or from the user's nested profile.
  const username = user?.username || user?.profile?.username;
  const publicHref = username ? `/p/${encodeURIComponent(username)}` : null;
  const [qrBusy, setQrBusy] = useState(false);
  // What the header hands out is what the Share screen does: the card's own domain once active.
  const address = useCardAddress(username ?? '');
  // Sharing marks the card in view's step (first-run.ts), not the account's.
  const cardId = useCardId();
  const shared = () => {
    if (cardId) markShared(cardId);
  };
  // On a phone each button shows its icon over a short word, so the owner reads what it does at a
  // glance; its name (aria-label) is the longer words, which hold the short one (WCAG 2.5.3).
  const action = cn(buttonClass('outline', 'sm'), 'h-10', PHONE_ACTION);

  const copyLink = async () => {
    if (!publicHref || !user) return;
    const url = address;
    try {
      await navigator.clipboard.writeText(url);
      shared();
      toast.success(t('shell.link_copied'));
    } catch (error) {
      console.warn('Clipboard write failed', error);
      toast.error(t('shell.copy_failed', { url }));
    }
  };

  const downloadQr = async () => {
    if (!user || !username) return;
    setQrBusy(true);
    try {
      await downloadCardQr({ ...user, username, url: address });
      shared();
    } catch (error) {
      console.error('QR download failed', error);
      toast.error(t('shell.qr_failed'));
    } finally {
      setQrBusy(false);
    }
  };
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-1.5 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:gap-2 sm:px-6 dark:border-slate-800 dark:bg-slate-950/90">
      <button
        type="button"
        onClick={onOpenNav}
        aria-label={t('shell.open_navigation')}
        className="-ms-2 inline-flex h-12 min-w-12 flex-col items-center justify-end gap-1 rounded-md px-1 pb-1 text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Menu className="h-5 w-5" aria-hidden />
        <span className={PHONE_LABEL}>{t('shell.navigation_short')}</span>
      </button>
      {/* On a phone the card switcher's photo stands where the brand would: the header has no room for both. */}
      <ShellBrand compact className={cn('lg:hidden', cardSwitcher ? 'max-sm:hidden' : undefined)} />
      <div className="flex-1" />
      {cardSwitcher}
      {publicHref && (
        <>
          <button type="button" onClick={() => void copyLink()} className={action} aria-label={t('shell.copy_link')}>
            <Copy className="h-4 w-4 max-md:h-5 max-md:w-5" aria-hidden />
            <span className={cn(PHONE_LABEL, 'md:hidden')}>{t('shell.copy_short')}</span>
            <span className="max-md:hidden">{t('shell.copy_link')}</span>
          </button>
          {/* On a phone the code is held up, not downloaded: one tap shows it full screen. */}
          <Link to={paths.myQr} className={cn(action, 'md:hidden')} onClick={shared} aria-label={t('shell.show_qr')}>
            <QrCode className="h-5 w-5" aria-hidden />
            <span className={PHONE_LABEL}>{t('shell.qr_short')}</span>
          </Link>
          <button
            type="button"
            onClick={() => void downloadQr()}
            disabled={qrBusy}
            className={cn(action, 'max-md:hidden')}
          >
            <QrCode className="h-4 w-4" aria-hidden />
            <span>{qrBusy ? t('shell.processing') : t('shell.download_qr')}</span>
          </button>
        </>
      )}
      {publicHref && (
        <a
          href={publicHref}
          target="_blank"
          rel="noopener noreferrer"
          // On a phone the account menu's 'View Profile' opens it: the header has no room for this one too.
          className={cn(buttonClass('outline', 'sm'), 'h-10 max-sm:hidden')}
          aria-label={t('shell.view_profile_new_tab')}
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">{t('shell.view_profile')}</span>
        </a>
      )}
      {/* On a phone the colour scheme is chosen in the navigation sheet (mobile-nav.tsx): its room
          here goes to the card switcher's @username, the one thing that tells two cards apart. */}
      <div className="max-sm:hidden">
        <ThemeSwitch />
      </div>
      <UserMenu user={user} publicHref={publicHref} onLogout={onLogout} />
    </header>
  );
}
