import { REPORT_REASONS } from '@shared/constants';
import type { Language } from '@shared/i18n/languages';
import { tFor, type PageKey } from '../lib/i18n';
import { Document } from './document';
import { Sentence } from './sentence';

// The visitor's side of operating the service: the report form of a card and the warning in
// front of a link whose destination became listed. Plain HTML forms and links, no script.

const FORM_CSS =
  '.report{max-width:32rem;margin:0 auto;padding:2rem 1rem;display:grid;gap:1rem}' +
  '.report fieldset{border:1px solid var(--mu);border-radius:.5rem;padding:.25rem 1rem;display:grid}' +
  '.report legend{font-weight:600;padding:0 .25rem}' +
  // Each reason a 44px row, so a thumb on a phone picks the one it means.
  '.report label{display:flex;gap:.6rem;align-items:center}.report fieldset label{min-height:2.75rem}' +
  '.report input[type=radio]{width:1.2rem;height:1.2rem;margin:0;flex:none}' +
  '.report textarea{font:inherit;width:100%;min-height:6rem;padding:.5rem;border-radius:.5rem;border:1px solid var(--mu);background:transparent;color:inherit}' +
  '.report .error{color:#b91c1c;font-weight:600}@media (prefers-color-scheme:dark){.report .error{color:#fca5a5}}' +
  '.dest{font-family:ui-monospace,monospace;overflow-wrap:anywhere;padding:.2rem .5rem;border-radius:.4rem;background:rgba(127,127,127,.15)}';

/** The report form, in the reported card's language (what its visitors read). */
export function ReportPage({ username, error, language }: { username: string; error?: string; language: Language }) {
  const t = tFor(language);
  return (
    <Document
      head={
        <>
          <title>{t('page.report_title', { handle: `@${username}` })}</title>
          <style dangerouslySetInnerHTML={{ __html: FORM_CSS }} />
        </>
      }
      colours="neutral"
      language={language}
      noindex
    >
      <main className="report">
        <h1>
          <Sentence t={t} id="page.report_title" names={{ handle: `@${username}` }} />
        </h1>
        <p>{t('page.report_intro')}</p>
        {error ? (
          <p className="error" role="alert" id="report-error">
            {error}
          </p>
        ) : null}
        <form method="post" action={`/p/${username}/report`}>
          <fieldset aria-describedby={error ? 'report-error' : undefined}>
            <legend>{t('page.report_reason')}</legend>
            {Object.keys(REPORT_REASONS).map((value, i) => (
              <label key={value}>
                <input type="radio" name="reason" value={value} required defaultChecked={i === 0} />
                {t(`page.reason_${value}` as PageKey)}
              </label>
            ))}
          </fieldset>
          <p>
            <label htmlFor="note">{t('page.report_note')}</label>
          </p>
          <textarea id="note" name="note" maxLength={1000} />
          <div className="actions">
            <button className="btn primary" type="submit">
              {t('page.report_send')}
            </button>
            <a className="btn" href={`/p/${username}`}>
              {t('page.report_back')}
            </a>
          </div>
        </form>
      </main>
    </Document>
  );
}

export function ReportSentPage({ title, message, language }: { title: string; message: string; language: Language }) {
  const t = tFor(language);
  return (
    <Document head={<title>{title}</title>} colours="neutral" language={language} noindex>
      <main className="screen">
        <h1>{title}</h1>
        <p role="status">{message}</p>
        <div className="actions">
          <a className="btn primary" href="/">
            {t('page.go_home')}
          </a>
        </div>
      </main>
    </Document>
  );
}

/** /go/<link-id>: the destination named, and the choice left to the visitor. */
export function WarningPage({ destination, back }: { destination: string; back: string }) {
  return (
    <Document
      head={
        <>
          <title>This link may be unsafe</title>
          <style dangerouslySetInnerHTML={{ __html: FORM_CSS }} />
        </>
      }
      colours="neutral"
      noindex
    >
      <main className="screen">
        <h1>This link may be unsafe</h1>
        <p>It leads to a site that is listed for phishing or malware:</p>
        <p className="dest">{destination}</p>
        <p>Go on only if you trust it.</p>
        <div className="actions">
          <a className="btn primary" href={back}>
            Go back
          </a>
          <a className="btn" href={destination} rel="noopener noreferrer nofollow">
            Continue anyway
          </a>
        </div>
      </main>
    </Document>
  );
}
