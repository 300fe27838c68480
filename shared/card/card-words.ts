// The card's fixed words (decision 75). The Worker fills them from the card's language
// (worker/pages/card-words.ts); the dashboard's preview still draws the English ones until the
// dashboard is translated. test/worker/i18n/catalogues.test.ts keeps these equal to the English
// catalogue, so the two cannot drift.

export type CardWords = {
  saveContact: string;
  shareContact: string;
  share: string;
  noLinks: string;
  links: string;
  contact: string;
  call: (phone: string) => string;
  email: (address: string) => string;
  poweredBy: string;
  report: string;
  /** The logo's alt text when the card names no company. */
  logo: string;
  /** The social row's name (the links shown as icons under the name). */
  social: string;
  /** The mark on the highlighted link, for those who do not see its colour. */
  featured: string;
};

export const ENGLISH_CARD_WORDS: CardWords = {
  saveContact: 'Save contact',
  shareContact: 'Share your contact',
  share: 'Share',
  noLinks: 'No links available',
  links: 'Links',
  contact: 'Contact',
  call: (phone) => `Call ${phone}`,
  email: (address) => `Email ${address}`,
  poweredBy: 'Powered by',
  report: 'Report',
  logo: 'Company logo',
  social: 'Social profiles',
  featured: 'Featured',
};
