import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { loadCardQr, type QrCentre, type QrOwner } from '@/lib/card-qr';
import { words } from '@/lib/i18n';

const t = words('share');

export type QrDownloads = Awaited<ReturnType<typeof loadCardQr>>;

/**
 * The card's QR code drawn into the page (the canvas qr-code-styling makes), with its
 * downloads handed to `onReady` once drawn. `data-qr-ready` says when it is.
 */
export function CardQrCode({
  owner,
  centre = 'photo',
  className,
  onReady,
}: {
  owner: QrOwner;
  /** What the middle shows: the photo (or initials), or the company logo. */
  centre?: QrCentre;
  className?: string;
  onReady?: (downloads: QrDownloads) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const { username, name, avatar_url, avatar, logo_url, url } = owner;
  useEffect(() => {
    let cancelled = false;
    setReady(false);
    void loadCardQr({ username, name, avatar_url, avatar, logo_url, url }, centre).then((downloads) => {
      if (cancelled || !box.current) return;
      box.current.replaceChildren();
      downloads.code.append(box.current);
      setReady(true);
      onReady?.(downloads);
    });
    return () => {
      cancelled = true;
    };
  }, [username, name, avatar_url, avatar, logo_url, url, centre, onReady]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={t('share.qr_label', { username })}
      data-qr-ready={ready ? 'true' : 'false'}
      data-qr-centre={centre}
      data-qr-url={url}
      className={cn('aspect-square bg-white [&_canvas]:!h-full [&_canvas]:!w-full', className)}
    />
  );
}
