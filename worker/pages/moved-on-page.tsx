import type { Language } from '@shared/i18n/languages';
import type { T } from '../lib/i18n';
import type { Document as DocumentComponent } from './document';

// docs/product.md §2, /p/{username}: a work card whose member left, until the organisation hands
// it on or deletes it. In the card's language; never cached, so a reassigned card shows at once.

export function MovedOnPage(props: {
  company: string;
  url: string;
  language: Language;
  t: T;
  Document: typeof DocumentComponent;
}) {
  const { t, Document } = props;
  return (
    <Document head={<title>{t('page.moved_on_title')}</title>} colours="neutral" language={props.language} noindex>
      <main className="screen" id="moved-on">
        <h1>{t('page.moved_on_title')}</h1>
        <p>{t('page.moved_on_text', { company: props.company })}</p>
        {props.url ? (
          <div className="actions">
            <a className="btn primary" href={props.url} rel="noopener">
              {t('page.moved_on_link', { company: props.company })}
            </a>
          </div>
        ) : null}
      </main>
    </Document>
  );
}
