import { words } from '@/lib/i18n';
import { Copy, ExternalLink, Menu, QrCode } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { User } from '@shared/types';
import { ShellBrand } from './shell-brand';
import { paths } from '@/config/paths';
import { ThemeSwitch } from '@/components/theme-switch';
import { buttonClass } from '@/components/ui/button';
import { downloadCardQr } from '@/lib/card-qr';
import { cn } from '@/lib/cn';
import { markShared } from '@/lib/first-run';
import { useCardId } from '@/lib/use-card-in-view';
import { UserMenu } from './user-menu';

const t = words('shell');

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
  // Sharing marks the card in view's step (first-run.ts), not the account's.
  const cardId = useCardId();
  const shared = () => {
    if (cardId) markShared(cardId);
  };
  // Square on a phone, where they show only their icons: the room goes to the card switcher.
  const action = cn(buttonClass('outline', 'sm'), 'h-10 max-md:w-10 max-md:px-0');

  const copyLink = async () => {
    if (!publicHref || !user) return;
    const url = `${window.location.origin}${publicHref}`;
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
      await downloadCardQr({ ...user, username });
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
        className="-ms-2 inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Menu className="h-5 w-5" aria-hidden />
      </button>
      {/* On a phone the card switcher's photo stands where the brand would: the header has no room for both. */}
      <ShellBrand compact className={cn('lg:hidden', cardSwitcher ? 'max-sm:hidden' : undefined)} />
      <div className="flex-1" />
      {cardSwitcher}
      {publicHref && (
        <>
          {/* On a phone the words are read, not shown: the names always hold what is shown. */}
          <button type="button" onClick={() => void copyLink()} className={action}>
            <Copy className="h-4 w-4" aria-hidden />
            <span className="sr-only md:not-sr-only">{t('shell.copy_link')}</span>
          </button>
          {/* On a phone the code is held up, not downloaded: one tap shows it full screen. */}
          <Link to={paths.myQr} className={cn(action, 'md:hidden')} onClick={shared}>
            <QrCode className="h-4 w-4" aria-hidden />
            <span className="sr-only">{t('shell.show_qr')}</span>
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
