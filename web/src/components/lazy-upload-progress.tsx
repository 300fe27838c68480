import { lazy, Suspense, type ComponentProps } from 'react';
import { loadWords, words } from '@/lib/i18n';

// The progress of an upload is fetched when a file is chosen, with the code that makes the photo
// smaller: no part of a screen's first load (the dashboard's 200 KB budgets, README).
const load = () => Promise.all([import('./upload-progress'), loadWords('uploads')]).then(([module]) => module);
const t = words('profile');
const UploadProgress = lazy(() => load().then((module) => ({ default: module.UploadProgress })));

/** Starts fetching the progress display; call when an upload starts. */
export const preloadUploadProgress = () => void load();

/** components/upload-progress.tsx, loaded on first use; 'Uploading...' while it arrives. */
export function LazyUploadProgress(props: ComponentProps<typeof UploadProgress>) {
  return (
    <Suspense fallback={<p className="text-sm">{t('profile.uploading')}</p>}>
      <UploadProgress {...props} />
    </Suspense>
  );
}
