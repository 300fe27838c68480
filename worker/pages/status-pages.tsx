import { BRAND_NAME, BrandMark } from '@shared/brand-mark';
import type { Language } from '@shared/i18n/languages';
import { tFor, type T } from '../lib/i18n';
import { Document } from './document';
import { Sentence } from './sentence';

/** The app's brand, linking home, as its own Page Not Found shows it. */
function Brand({ t }: { t: T }) {
  return (
    <a className="brand" href="/" aria-label={t('page.brand_home', { brand: BRAND_NAME })}>
      <BrandMark />
      <span>{BRAND_NAME}</span>
    </a>
  );
}

// docs/product.md §2, /p/{username}: the private and the missing card, served with 403 and 404,
// in the card's language (a private card) or the visitor's (a missing one has no owner to ask).

export function PrivatePage({ username, language }: { username: string; language: Language }) {
  const t = tFor(language);
  return (
    <Document head={<title>{t('page.private_title')}</title>} colours="neutral" language={language} noindex>
      <main className="screen">
        <Brand t={t} />
        <h1>{t('page.private_title')}</h1>
        <p>
          <Sentence t={t} id="page.private_text" names={{ handle: `@${username}` }} />
        </p>
        <p>{t('page.private_only')}</p>
        <div className="actions">
          <a className="btn primary" href="/">
            {t('page.go_home')}
          </a>
        </div>
      </main>
    </Document>
  );
}

export function NotFoundPage({ path, language }: { path: string; language: Language }) {
  const t = tFor(language);
  return (
    <Document head={<title>{t('page.not_found_title')}</title>} colours="neutral" language={language} noindex island>
      <main className="screen" id="not-found">
        <Brand t={t} />
        <p className="code">404</p>
        <h1>{t('page.not_found_title')}</h1>
        <p>{t('page.not_found_text')}</p>
        <p className="path" dir="ltr">
          {path}
        </p>
        <div className="actions">
          <a className="btn primary" href="/">
            {t('page.go_home')}
          </a>
          {/* Without script it leads home; the island turns it into history.back(). */}
          <a className="btn" href="/" data-go-back>
            {t('page.go_back')}
          </a>
        </div>
      </main>
    </Document>
  );
}

/**
 * The card could not be read (docs/product.md §2, /p/{username}): 503 with Retry-After while a
 * part is briefly down, 500 for anything else, in the visitor's language (no card, no owner's).
 * The server-rendered card has no client-side 'Loading profile...' or 'Network Error' state; this
 * page stands in for the spec's error state and offers its two ways on, 'Try Again' and 'Go Home'.
 */
export function CardErrorPage({ kind, language }: { kind: 'unavailable' | 'error'; language: Language }) {
  const t = tFor(language);
  const title = t(kind === 'unavailable' ? 'page.unavailable_title' : 'page.error_title');
  return (
    <Document head={<title>{title}</title>} colours="neutral" language={language} noindex>
      <main className="screen">
        <Brand t={t} />
        <h1>{title}</h1>
        <p>{t('page.unavailable_text')}</p>
        <div className="actions">
          <a className="btn primary" href="">
            {t('page.try_again')}
          </a>
          <a className="btn" href="/">
            {t('page.card_go_home')}
          </a>
        </div>
      </main>
    </Document>
  );
}
