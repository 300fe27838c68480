import type { CardWords } from '@shared/card/card-words';
import type { T } from '../lib/i18n';

/** The card's fixed words in one language, for the shared card component. */
export const cardWords = (t: T): CardWords => ({
  saveContact: t('card.save_contact'),
  shareContact: t('card.share_contact'),
  share: t('card.share'),
  noLinks: t('card.no_links'),
  links: t('card.links'),
  contact: t('card.contact'),
  call: (phone) => t('card.call', { phone }),
  email: (address) => t('card.email', { address }),
  poweredBy: t('card.powered_by'),
  report: t('card.report'),
  logo: t('card.logo'),
  social: t('card.social'),
  featured: t('card.featured'),
});
