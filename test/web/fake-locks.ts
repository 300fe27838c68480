import { onTestFinished } from 'vitest';

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
  // Gone with the test that made it: the next file may share this window (vitest.config.ts).
  onTestFinished(() => {
    delete (navigator as { locks?: unknown }).locks;
  });
  return { requested, request };
}
