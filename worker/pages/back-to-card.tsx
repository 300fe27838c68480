import type { T } from '../lib/i18n';
import { Sentence } from './sentence';

/** 'Back to @username': one flex item in its button, so the sentence wraps as text, its words spaced once. */
export function BackToCard({ t, username, className = 'btn primary' }: { t: T; username: string; className?: string }) {
  return (
    <a className={className} href={`/p/${username}`}>
      <span>
        <Sentence t={t} id="page.back_to" names={{ handle: `@${username}` }} />
      </span>
    </a>
  );
}
