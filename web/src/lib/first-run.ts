import { useSyncExternalStore } from 'react';
import type { Link, User } from '@shared/types';

// The first-run checklist's own memory, per account and per browser: whether the owner has shared
// their card from the dashboard (copied its link, downloaded its QR code) and whether they put the
// list away. The other steps are read from the card itself.
const SHARED = (userId: string) => `first-run:shared:${userId}`;
const DISMISSED = (userId: string) => `first-run:dismissed:${userId}`;
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

/** The owner shared their card from the dashboard. */
export const markShared = (userId: string) => write(SHARED(userId));
export const dismissChecklist = (userId: string) => write(DISMISSED(userId));

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

/** The checklist's steps and their real progress; `dismissed` once the owner put it away. */
export function useFirstRun(user: User, links: Link[]) {
  const shared = useFlag(SHARED(user.id));
  const dismissed = useFlag(DISMISSED(user.id));
  const steps: FirstRunStep[] = [
    { id: 'photo', done: Boolean(user.avatar_url ?? user.avatar) },
    { id: 'link', done: links.length > 0 },
    { id: 'theme', done: user.custom_theme !== null || Boolean(user.theme && !user.theme.is_default) },
    { id: 'exchange', done: user.contact_exchange },
    { id: 'share', done: shared },
  ];
  return { steps, complete: steps.every((step) => step.done), dismissed };
}
