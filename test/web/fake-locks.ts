import { afterEach } from 'vitest';

// The Web Locks API as browsers give it to tabs: each name held by one at a time, in request order.
// One tab's code calling twice stands for two tabs, whose cookies (and so hints) are shared too.

/** A LockManager holding each name exclusively, in request order, as browsers do across tabs. */
export function fakeLocks() {
  const requested: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const request = (name: string, callback: () => Promise<unknown>) => {
    requested.push(name);
    const run = tail.then(() => callback());
    tail = run.catch(() => undefined);
    return run;
  };
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return { requested, request };
}

afterEach(() => {
  delete (navigator as { locks?: unknown }).locks;
});
