import { Loader2 } from 'lucide-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { loadWords, words } from '@/lib/i18n';
import { frameShape, StoredPhoto } from './stored-photo';

const t = words('profile');

// Fetched on the first 'Adjust' only, with its words: most visits to Profile Settings never open
// it (scripts/bundle-size.ts lists it as on demand).
const CropDialog = lazy(async () => {
  const [module] = await Promise.all([import('./crop-dialog'), loadWords('uploads')]);
  return { default: module.CropDialog };
});

/** The crop dialog, loaded when it is first opened and kept mounted after that. */
export function LazyCropDialog(props: ComponentProps<typeof CropDialog> & { loaded: boolean }) {
  const { loaded, ...dialog } = props;
  if (!loaded) return null;
  return (
    <Suspense fallback={dialog.open ? <Opening kind={dialog.kind} stored={dialog.stored} /> : null}>
      <CropDialog {...dialog} />
    </Suspense>
  );
}

/**
 * While the dialog's code is on its way (a second or more on a slow phone): the dialog's place and
 * frame with the photo the card shows now (already in the page's cache) and a labelled spinner, so
 * the tap on 'Adjust' is answered from the first frame.
 */
function Opening({ kind, stored }: Pick<ComponentProps<typeof CropDialog>, 'kind' | 'stored'>) {
  return (
    <>
      <div className="fixed inset-0 z-50 bg-black/50" aria-hidden />
      <div
        role="progressbar"
        aria-label={t('profile.adjust_opening')}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900',
          kind === 'cover' && 'max-w-2xl',
        )}
      >
        <div className={cn('relative w-full overflow-hidden bg-slate-200 dark:bg-slate-800', frameShape(kind))}>
          <StoredPhoto kind={kind} stored={stored} />
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Loader2 className="h-4 w-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
          {t('profile.adjust_opening')}
        </p>
      </div>
    </>
  );
}
