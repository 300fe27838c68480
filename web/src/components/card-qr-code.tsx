import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { loadCardQr, type QrOwner } from '@/lib/card-qr';
import { words } from '@/lib/i18n';

const t = words('share');

export type QrDownloads = Awaited<ReturnType<typeof loadCardQr>>;

/**
 * The card's QR code drawn into the page (the canvas qr-code-styling makes), with its
 * downloads handed to `onReady` once drawn. `data-qr-ready` says when it is.
 */
export function CardQrCode({
  owner,
  className,
  onReady,
}: {
  owner: QrOwner;
  className?: string;
  onReady?: (downloads: QrDownloads) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const { username, name, avatar_url, avatar } = owner;
  useEffect(() => {
    let cancelled = false;
    void loadCardQr({ username, name, avatar_url, avatar }).then((downloads) => {
      if (cancelled || !box.current) return;
      box.current.replaceChildren();
      downloads.code.append(box.current);
      setReady(true);
      onReady?.(downloads);
    });
    return () => {
      cancelled = true;
    };
  }, [username, name, avatar_url, avatar, onReady]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={t('share.qr_label', { username })}
      data-qr-ready={ready ? 'true' : 'false'}
      className={cn('aspect-square bg-white [&_canvas]:!h-full [&_canvas]:!w-full', className)}
    />
  );
}
