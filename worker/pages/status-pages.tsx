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

/** The card cannot be read right now and no copy of it is cached: served with 503 and Retry-After. */
export function UnavailablePage() {
  return (
    <Document head={<title>Briefly unavailable</title>} colours="neutral" noindex>
      <main className="screen">
        <Brand />
        <h1>Briefly unavailable</h1>
        <p>This card cannot be shown right now. Please try again in a minute.</p>
        <div className="actions">
          <a className="btn primary" href="">
            Try again
          </a>
        </div>
      </main>
    </Document>
  );
}
