import { useEffect, useRef, useState } from 'react';
import type { PublicProfile } from '@shared/types';
import type { CardData } from '@/island/card-data';
import { shareCard } from '@/island/share';
import { injectStyles } from '@/island/styles';

/**
 * The floating action button of the card (docs/product.md §2), the same controls as the edge
 * page's island: Share, Quick View (the QR modal) and Fullscreen (/qr/{username}).
 */
export function ShareButton({
  profile,
  accent,
  background,
}: {
  profile: PublicProfile;
  accent: string;
  background: string;
}) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  useEffect(injectStyles, []);
  const card: CardData = {
    username: profile.username,
    name: profile.name,
    avatar: profile.avatar_url ?? profile.avatar ?? '',
    accent,
    background,
    url: `${window.location.origin}/p/${profile.username}`,
  };
  const quickView = () => {
    setOpen(false);
    dialog.current?.showModal();
    if (!mounted.current && panel.current) {
      mounted.current = true;
      void import('@/island/qr-panel').then(({ mountQrPanel }) => panel.current && mountQrPanel(panel.current, card));
    }
  };
  return (
    <>
      <div className="cl-fab">
        {open && (
          <div className="cl-menu" id="cl-menu">
            <button
              type="button"
              className="cl-item"
              onClick={() => {
                setOpen(false);
                void shareCard(card);
              }}
            >
              Share
            </button>
            <button type="button" className="cl-item" onClick={quickView}>
              Quick View
            </button>
            <a className="cl-item" href={`/qr/${encodeURIComponent(profile.username)}`}>
              Fullscreen
            </a>
          </div>
        )}
        <button
          type="button"
          className="cl-fab-btn"
          aria-label="Share options"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            aria-hidden
          >
            <path d="M12 5v14M5 12h14" />
          </svg>
        </button>
      </div>
      <dialog
        ref={dialog}
        className="cl-dialog"
        aria-label="QR code"
        onClick={(e) => e.target === dialog.current && dialog.current?.close()}
      >
        <button type="button" className="cl-close" aria-label="Close" onClick={() => dialog.current?.close()}>
          ×
        </button>
        <div ref={panel} />
      </dialog>
    </>
  );
}
