// 'Show my QR' works offline once shown (docs/product.md §2): the card it showed last is kept in this
// browser, so the screen can draw it again without the API. Only the username and the name:
// what the code and its caption show anyway.
const KEY = 'my-qr';

export type RememberedQr = { username: string; name: string };

export function rememberQr(card: RememberedQr) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ username: card.username, name: card.name }));
  } catch {
    // Storage blocked: the screen needs the network next time.
  }
}

export function rememberedQr(): RememberedQr | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<RememberedQr> | null;
    return typeof value?.username === 'string' && typeof value.name === 'string'
      ? { username: value.username, name: value.name }
      : null;
  } catch {
    return null;
  }
}

/** Keeps the screen on while the code is shown, where the Screen Wake Lock API exists. */
export function keepScreenAwake() {
  let lock: { release(): Promise<void> } | null = null;
  let stopped = false;
  const request = async () => {
    const wake = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }
    ).wakeLock;
    if (!wake || stopped || document.visibilityState !== 'visible') return;
    try {
      lock = await wake.request('screen');
    } catch {
      // Refused (battery saver, no user gesture): the screen simply sleeps as usual.
    }
  };
  // A lock is released when the page is hidden; it is asked for again when it shows.
  const onVisible = () => void request();
  document.addEventListener('visibilitychange', onVisible);
  void request();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisible);
    void lock?.release().catch(() => undefined);
  };
}
