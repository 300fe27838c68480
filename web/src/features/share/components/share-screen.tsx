import type { ReactNode } from 'react';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import { words } from '@/lib/i18n';
import { sortLinks, useLinks } from '@/lib/links-query';
import { useCardId } from '@/lib/use-card-in-view';
import { useCardDomain } from '../api/card-domain';
import { cardAddress } from '../lib/card-address';
import { ChannelLinksCard } from './channel-links-card';
import { DomainCard } from './domain-card';
import { ImportLinksCard } from './import-links-card';
import { NfcCard } from './nfc-card';
import { QrCard } from './qr-card';
import { VirtualBackgroundCard } from './virtual-background-card';
import { SignatureCard } from './signature-card';

const t = words('share');

/**
 * Share: the card's QR code, its link per channel, NFC, wallet passes (when configured), the e-mail signature
 * and link import.
 * Each panel is its own card with its own error boundary; more channels are added the same way.
 */
export function ShareScreen({ wallet }: { wallet?: (username: string) => ReactNode }) {
  const user = useCurrentUser();
  const links = useLinks();
  const origin = window.location.origin;
  const domain = useCardDomain(useCardId()).data?.domain;
  const address = (username: string) => cardAddress(origin, username, domain);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t('share.title')} subtitle={t('share.subtitle')} />
      {user.isError && !user.data ? (
        <LoadError
          message={t('share.load_card_error', { message: user.error.message || t('share.unknown_error') })}
          onRetry={() => void user.refetch()}
          retrying={user.isFetching}
        />
      ) : !user.data ? (
        <div className="space-y-6" role="status" aria-busy="true" aria-label={t('share.loading')}>
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : (
        // Two columns on a wide screen: the code and the links to hand out first, the things to set
        // up once (the call background, the signature, an import) beside them.
        <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
          <div className="min-w-0 space-y-6">
            <SectionErrorBoundary name={t('share.section_qr')}>
              <QrCard user={user.data} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('share.section_channels')}>
              <ChannelLinksCard address={address(user.data.username)} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('share.section_domain')}>
              <DomainCard />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('share.section_nfc')}>
              <NfcCard address={address(user.data.username)} />
            </SectionErrorBoundary>
            {/* The wallet passes are their own feature; the route composes them in. */}
            {wallet && (
              <SectionErrorBoundary name={t('share.section_wallet')}>{wallet(user.data.username)}</SectionErrorBoundary>
            )}
          </div>
          <div className="min-w-0 space-y-6">
            <SectionErrorBoundary name={t('share.section_background')}>
              <VirtualBackgroundCard username={user.data.username} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('share.section_signature')}>
              {links.data ? (
                <SignatureCard
                  origin={origin}
                  address={address(user.data.username)}
                  user={user.data}
                  links={sortLinks(links.data)}
                />
              ) : links.isError ? (
                <LoadError
                  message={t('share.load_links_error', { message: links.error.message || t('share.unknown_error') })}
                  onRetry={() => void links.refetch()}
                  retrying={links.isFetching}
                />
              ) : (
                <Skeleton className="h-64 w-full" />
              )}
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('share.section_import')}>
              <ImportLinksCard />
            </SectionErrorBoundary>
          </div>
        </div>
      )}
    </div>
  );
}
