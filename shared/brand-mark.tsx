// The product's mark, drawn the same by the app (web/src/components/brand.tsx) and by the
// server-rendered status screens (worker/pages/status-pages.tsx): one look for both.

export const BRAND_NAME = 'Cardlink';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" className={className} aria-hidden>
      <rect width="32" height="32" rx="8" fill="#2563eb" />
      <rect x="7" y="9" width="18" height="14" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
      <circle cx="13" cy="15" r="2.5" fill="#fff" />
      <path d="M18 14h4M18 18h4M10 20h6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
