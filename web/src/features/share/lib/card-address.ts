import type { Domain } from '@shared/schemas/domains';
import { useCardId } from '@/lib/use-card-in-view';
import { useCardDomain } from '../api/card-domain';

// The card's address as the Share screen hands it out (its QR code, its links per channel, NFC,
// the e-mail signature): its own domain once that is active (docs/decisions/0103-custom-domains.md),
// else /p/{username} here, also while a domain waits for its DNS records.

export const cardAddress = (origin: string, username: string, domain: Domain | null | undefined) =>
  domain?.state === 'active' ? domain.url : `${origin}/p/${username}`;

/** The address of the card in view, once its domain is known (/p/ meanwhile, and on a deployment without domains). */
export function useCardAddress(username: string) {
  const domain = useCardDomain(useCardId());
  return cardAddress(window.location.origin, username, domain.data?.domain);
}
