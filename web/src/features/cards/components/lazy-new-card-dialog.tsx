import { lazy } from 'react';
import { loadWords } from '@/lib/i18n';

/**
 * 'New card', loaded with its words on its first opening, from the header or the overview (the
 * shell's first load is budgeted: scripts/bundle-size.ts, ON_DEMAND).
 */
export const NewCardDialog = lazy(() =>
  Promise.all([import('./new-card-dialog'), loadWords('cards')]).then(([module]) => ({
    default: module.NewCardDialog,
  })),
);
