import { words } from '@/lib/i18n';
import { isChunkLoadError, retryFailedChunks } from '@/lib/retryable-lazy';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

const t = words('app');
const ts = words('shell');

type Props = { children: ReactNode; /** Names the section in the fallback, e.g. 'links'. */ name: string };
type State = { error: Error | null };

/**
 * A section's error boundary: a rendering failure in one part of a screen leaves the rest usable
 * (house style: one boundary per section, not one for the whole app).
 */
export class SectionErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.name} section failed to render`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      >
        <p>
          {isChunkLoadError(this.state.error)
            ? // Not the browser's English with the chunk's address: what happened, in the app's words.
              ts('shell.section_not_loaded')
            : ts('shell.section_failed', { reason: this.state.error.message || t('app.unknown_error') })}
        </p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            retryFailedChunks();
            this.setState({ error: null });
          }}
        >
          {t('app.try_again')}
        </Button>
      </div>
    );
  }
}
