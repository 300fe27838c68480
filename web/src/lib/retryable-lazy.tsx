import { lazy, type ComponentProps, type ComponentType } from 'react';

/** The fresh starts of the chunks whose import failed, run by the next Try Again. */
const failed = new Set<() => void>();

/**
 * React.lazy, except that a failed import can be tried again. React.lazy keeps a rejected import
 * for good, so a chunk that could not be fetched (offline on a phone, a dropped connection) left
 * the section's 'Try Again' (SectionErrorBoundary) throwing the same error until the page was
 * reloaded, though the browser fetches the chunk again when asked. The failed import is kept
 * until that Try Again (`retryFailedChunks`), not retried on its own at once: offline, that would
 * fail and retry without end.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function retryableLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  const attempt = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed.add(() => (current = attempt()));
        throw error;
      }),
    );
  let current = attempt();
  return function Retryable(props: ComponentProps<C>) {
    const Current = current;
    return <Current {...props} />;
  };
}

/** Gives every chunk whose import failed a fresh start; its next render fetches it again. */
export function retryFailedChunks() {
  for (const restart of failed) restart();
  failed.clear();
}

/** A chunk that could not be fetched, in the words of Chromium, WebKit and Firefox. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    error.message,
  );
