import { REPORT_REASONS } from '@shared/constants';
import { Document } from './document';

// The visitor's side of operating the service: the report form of a card and the warning in
// front of a link whose destination became listed. Plain HTML forms and links, no script.

const FORM_CSS =
  '.report{max-width:32rem;margin:0 auto;padding:2rem 1rem;display:grid;gap:1rem}' +
  '.report fieldset{border:1px solid var(--mu);border-radius:.5rem;padding:.75rem 1rem;display:grid;gap:.5rem}' +
  '.report legend{font-weight:600;padding:0 .25rem}' +
  '.report label{display:flex;gap:.5rem;align-items:center}' +
  '.report textarea{font:inherit;width:100%;min-height:6rem;padding:.5rem;border-radius:.5rem;border:1px solid var(--mu);background:transparent;color:inherit}' +
  '.report .error{color:#b91c1c;font-weight:600}@media (prefers-color-scheme:dark){.report .error{color:#fca5a5}}' +
  '.dest{font-family:ui-monospace,monospace;overflow-wrap:anywhere;padding:.2rem .5rem;border-radius:.4rem;background:rgba(127,127,127,.15)}';

export function ReportPage({ username, error }: { username: string; error?: string }) {
  return (
    <Document
      head={
        <>
          <title>{`Report @${username}`}</title>
          <style dangerouslySetInnerHTML={{ __html: FORM_CSS }} />
        </>
      }
      colours="neutral"
      noindex
    >
      <main className="report">
        <h1>{`Report @${username}`}</h1>
        <p>
          Tell the people who run this service what is wrong with this card. The card&apos;s owner is not told who
          reported it.
        </p>
        {error ? (
          <p className="error" role="alert" id="report-error">
            {error}
          </p>
        ) : null}
        <form method="post" action={`/p/${username}/report`}>
          <fieldset aria-describedby={error ? 'report-error' : undefined}>
            <legend>Reason</legend>
            {Object.entries(REPORT_REASONS).map(([value, label], i) => (
              <label key={value}>
                <input type="radio" name="reason" value={value} required defaultChecked={i === 0} />
                {label}
              </label>
            ))}
          </fieldset>
          <p>
            <label htmlFor="note">Note (optional)</label>
          </p>
          <textarea id="note" name="note" maxLength={1000} />
          <div className="actions">
            <button className="btn primary" type="submit">
              Send report
            </button>
            <a className="btn" href={`/p/${username}`}>
              Back to the card
            </a>
          </div>
        </form>
      </main>
    </Document>
  );
}

export function ReportSentPage({ title, message }: { title: string; message: string }) {
  return (
    <Document head={<title>{title}</title>} colours="neutral" noindex>
      <main className="screen">
        <h1>{title}</h1>
        <p role="status">{message}</p>
        <div className="actions">
          <a className="btn primary" href="/">
            Go to Homepage
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
