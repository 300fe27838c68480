import type { Language } from '@shared/i18n/languages';
import { tFor } from '../lib/i18n';
import { Document } from './document';

/** The interstitial before a sensitive link (routes/leaving-page.tsx), in the card's language. */
export function SensitivePage(props: { language: Language; title: string; onward: string; back: string }) {
  const t = tFor(props.language);
  return (
    <Document head={<title>{t('page.sensitive_title')}</title>} colours="neutral" noindex language={props.language}>
      <main className="screen">
        <h1>{t('page.sensitive_title')}</h1>
        <p dir="auto">{props.title}</p>
        <p>{t('page.sensitive_warning')}</p>
        <div className="actions">
          <a className="btn primary" href={props.onward} rel="nofollow">
            {t('page.sensitive_continue')}
          </a>
          <a className="btn" href={props.back}>
            {t('page.go_back')}
          </a>
        </div>
      </main>
    </Document>
  );
}
