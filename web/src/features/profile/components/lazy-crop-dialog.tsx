import { lazy, Suspense, type ComponentProps } from 'react';
import { loadWords } from '@/lib/i18n';

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
    <Suspense fallback={null}>
      <CropDialog {...dialog} />
    </Suspense>
  );
}
