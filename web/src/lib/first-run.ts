import { useSyncExternalStore } from 'react';
import type { Link, User } from '@shared/types';

// The first-run checklist's own memory, per card and per browser: whether the owner has shared the
// card from the dashboard (copied its link, downloaded or showed its QR code) and whether they put
// its list away. The other steps are read from the card itself. Kept under the card's id
// (use-card-in-view.ts: useCardId): an account's first card has the account's id
// (docs/decisions/0091-cards-apart-from-accounts.md), so what was kept per account before an
// account held several cards still counts for its first card.
const SHARED = (cardId: string) => `first-run:shared:${cardId}`;
const DISMISSED = (cardId: string) => `first-run:dismissed:${cardId}`;
const listeners = new Set<() => void>();

const read = (key: string) => {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
};
const write = (key: string) => {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    // Storage blocked: the step counts for this visit only.
  }
  listeners.forEach((listener) => listener());
};

/** The owner shared this card from the dashboard. */
export const markShared = (cardId: string) => write(SHARED(cardId));
export const dismissChecklist = (cardId: string) => write(DISMISSED(cardId));

const useFlag = (key: string) =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(key),
    () => false,
  );

/** A step of the checklist; its words are the overview's (area `stats`, one key per id). */
export type FirstRunStep = { id: 'photo' | 'link' | 'theme' | 'exchange' | 'share'; done: boolean };

/**
 * The checklist's steps and their real progress, for the card `user` and `links` are (the user
 * answer is the card in view's, and `user.id` the account's, so the card's id comes apart);
 * `dismissed` once the owner put it away.
 */
export function useFirstRun(cardId: string, user: User, links: Link[]) {
  const shared = useFlag(SHARED(cardId));
  const dismissed = useFlag(DISMISSED(cardId));
  const steps: FirstRunStep[] = [
    { id: 'photo', done: Boolean(user.avatar_url ?? user.avatar) },
    { id: 'link', done: links.some((link) => link.kind !== 'header') },
    { id: 'theme', done: user.custom_theme !== null || Boolean(user.theme && !user.theme.is_default) },
    { id: 'exchange', done: user.contact_exchange },
    { id: 'share', done: shared },
  ];
  return { steps, complete: steps.every((step) => step.done), dismissed };
}
