// Title and company as one line ('Head of Design · Acme'), for the card, the OG image, wallet passes, the
// virtual background and the e-mail signature; apart from the card's components so the
// dashboard's Share screen loads only this.

/** 'Head of Design · Acme', or whichever of the two is given; '' for neither. */
export const roleLine = (card: { job_title?: string; company?: string }) =>
  [card.job_title?.trim(), card.company?.trim()].filter(Boolean).join(' · ');
