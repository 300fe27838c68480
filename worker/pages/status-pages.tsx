import { BRAND_NAME, BrandMark } from '@shared/brand-mark';
import { Document } from './document';

/** The app's brand, linking home, as its own Page Not Found shows it. */
function Brand() {
  return (
    <a className="brand" href="/" aria-label={`${BRAND_NAME} home`}>
      <BrandMark />
      <span>{BRAND_NAME}</span>
    </a>
  );
}

// docs/product.md §2, /p/{username}: the private and the missing card, served with 403 and 404.

export function PrivatePage({ username }: { username: string }) {
  return (
    <Document head={<title>Private Profile</title>} colours="neutral" noindex>
      <main className="screen">
        <Brand />
        <h1>Private Profile</h1>
        <p>{`@${username} has set their profile to private.`}</p>
        <p>Only authorized users can view this digital card.</p>
        <div className="actions">
          <a className="btn primary" href="/">
            Go to Homepage
          </a>
        </div>
      </main>
    </Document>
  );
}

export function NotFoundPage({ path }: { path: string }) {
  return (
    <Document head={<title>Profile Not Found</title>} colours="neutral" noindex island>
      <main className="screen" id="not-found">
        <Brand />
        <p className="code">404</p>
        <h1>Profile Not Found</h1>
        <p>The profile you&apos;re looking for doesn&apos;t exist or has been moved.</p>
        <p className="path">{path}</p>
        <div className="actions">
          <a className="btn primary" href="/">
            Go to Homepage
          </a>
          {/* Without script it leads home; the island turns it into history.back(). */}
          <a className="btn" href="/" data-go-back>
            Go Back
          </a>
        </div>
      </main>
    </Document>
  );
}

/**
 * The card could not be read (docs/product.md §2, /p/{username}): 503 with Retry-After while a
 * part is briefly down, 500 for anything else. The server-rendered card has no client-side
 * 'Loading profile...' or 'Network Error' state; this page stands in for the spec's error state
 * and offers its two ways on, 'Try Again' and 'Go Home'.
 */
export function CardErrorPage({ username, title }: { username: string; title: string }) {
  return (
    <Document head={<title>{title}</title>} colours="neutral" noindex>
      <main className="screen">
        <Brand />
        <h1>{title}</h1>
        <p>{`Couldn't load @${username}'s card right now.`}</p>
        <p>Please try again in a minute.</p>
        <div className="actions">
          <a className="btn primary" href="">
            Try Again
          </a>
          <a className="btn" href="/">
            Go Home
          </a>
        </div>
      </main>
    </Document>
  );
}
