import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import { words } from '@/lib/i18n';
import { useThemes } from '@/lib/themes-query';
import { ThemeEditor } from './theme-editor';

const t = words('looks');

/** Theme Settings (docs/product.md §2 and §4). */
export function ThemesScreen() {
  const themes = useThemes();
  const user = useCurrentUser();
  // A failed refetch (after a save, on a bad network) keeps the editor: the error only without data.
  const error = (themes.data ? null : themes.error) ?? (user.data ? null : user.error);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {/* Once loaded, the editor draws the header, above its form and preview. */}
      {themes.data && user.data && !error ? null : (
        <PageHeader title={t('looks.themes_title')} subtitle={t('looks.themes_subtitle')} />
      )}
      {error ? (
        <LoadError
          message={t('looks.themes_error', { message: error.message || t('looks.unknown_error') })}
          onRetry={() => void Promise.all([themes.refetch(), user.refetch()])}
          retrying={themes.isFetching || user.isFetching}
        />
      ) : !themes.data || !user.data ? (
        <div className="space-y-6" role="status" aria-busy="true" aria-label={t('looks.themes_loading')}>
          <Skeleton className="h-20" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <SectionErrorBoundary name="theme editor">
          {/* Keyed by the user, so a refetched profile from elsewhere starts a fresh editor. */}
          <ThemeEditor key={user.data.id} themes={themes.data} user={user.data} />
        </SectionErrorBoundary>
      )}
    </div>
  );
}
