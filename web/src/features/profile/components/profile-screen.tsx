import { Suspense, useState } from 'react';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PreviewLayout } from '@/components/preview-layout';
import { Skeleton } from '@/components/ui/skeleton';
import { cardDataOf } from '@/lib/card-data';
import { useCurrentUser } from '@/lib/current-user';
import { retryableLazy } from '@/lib/retryable-lazy';
import { loadWords, words } from '@/lib/i18n';
import { useLinks } from '@/lib/links-query';
import { useCardTemplate } from '@/lib/org-template-query';
import { AvatarField } from './avatar-field';
import type { ProfileDraft } from './profile-form';
import { CoverField } from './cover-field';
import { rulingOf } from './org-rule';
import { ProfileStats } from './profile-stats';
import { ShareActions } from './share-actions';

const t = words('profile');

// The form (react-hook-form and zod) is its own chunk so the screen's first load stays small.
const ProfileForm = retryableLazy(() => import('./profile-form').then((module) => ({ default: module.ProfileForm })));
const LogoField = retryableLazy(() =>
  Promise.all([import('./logo-field'), loadWords('uploads')]).then(([module]) => ({ default: module.LogoField })),
);

/** Profile Settings (docs/product.md §2, §4 and §8). */
export function ProfileScreen() {
  const user = useCurrentUser();
  const links = useLinks();
  // A work card's template may hide the photo or the cover (not shown) or lock them (shown, no
  // control), and the form's fields too: nothing is drawn until it is known, so no field it locks
  // is ever offered as the member's own.
  const ruled = useCardTemplate();
  // What the form holds now, saved or not: the preview draws it.
  const [draft, setDraft] = useState<ProfileDraft | null>(null);

  if (user.isError && !user.data) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t('profile.title')} />
        <LoadError
          message={t('profile.load_error', { message: user.error.message || t('profile.unknown_error') })}
          onRetry={() => void user.refetch()}
          retrying={user.isFetching}
        />
      </div>
    );
  }

  if (user.data && ruled.status === 'failed') {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t('profile.title')} />
        <LoadError message={t('profile.template_load_error')} onRetry={ruled.retry} retrying={ruled.retrying} />
      </div>
    );
  }

  if (!user.data || ruled.status !== 'ready') {
    return (
      <div className="mx-auto max-w-5xl space-y-6" role="status" aria-busy="true" aria-label={t('profile.loading')}>
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-36 w-full sm:h-48 lg:h-56" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }

  const data = user.data;
  const template = ruled.template;
  const card = cardDataOf(data, links.data ?? [], draft ?? {});
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PreviewLayout
        header={{ title: t('profile.title'), subtitle: t('profile.subtitle') }}
        card={card}
        unsaved={
          draft !== null &&
          (draft.name !== data.name || draft.username !== data.username || draft.bio !== (data.bio ?? ''))
        }
      >
        <SectionErrorBoundary name="images">
          <div className="space-y-4">
            {template?.rules.cover === 'hidden' ? null : (
              <CoverField user={data} ruling={rulingOf(template, 'cover')} />
            )}
            {template?.rules.photo === 'hidden' ? null : (
              <div className="px-2 sm:-mt-14 sm:px-6">
                <AvatarField user={data} ruling={rulingOf(template, 'photo')} />
              </div>
            )}
            {/* Its own chunk with its words, fetched as the screen is drawn: it shows a moment after
                the screen is usable, below everything else of the images, so nothing above it moves. */}
            <Suspense>
              <LogoField user={data} orgName={template?.logo_url ? template.org_name : null} />
            </Suspense>
          </div>
        </SectionErrorBoundary>
        <div className="grid gap-6 *:min-w-0 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <SectionErrorBoundary name="profile form">
              {/* Keyed by the user: the form is filled once, not overwritten by each refetch. */}
              <Suspense fallback={<Skeleton className="h-96 w-full" />}>
                <ProfileForm key={data.id} user={data} template={template} onDraft={setDraft} />
              </Suspense>
            </SectionErrorBoundary>
          </div>
          <div className="space-y-6">
            <SectionErrorBoundary name="sharing">
              <ShareActions username={data.username} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name="statistics">
              <ProfileStats user={data} />
            </SectionErrorBoundary>
          </div>
        </div>
      </PreviewLayout>
    </div>
  );
}
