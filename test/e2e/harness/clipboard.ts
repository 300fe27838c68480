// The system clipboard is one for the whole browser, so journeys running side by side would read
// each other's copies: whatever writes to it and reads it back holds this lock meanwhile.
let last: Promise<unknown> = Promise.resolve();

export function withClipboard<T>(use: () => Promise<T>): Promise<T> {
  const turn = last.then(use, use);
  last = turn.catch(() => undefined);
  return turn;
}
