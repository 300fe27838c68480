// The hand-over from a screen rendered at build time (the sign-in screens, web/auth.html) to the
// app: what the visitor typed, where the cursor was, and a form sent or a button pressed before
// the app had loaded (README, Decisions: the sign-in screens).

type Caret = { id: string; start: number | null; end: number | null };

let typed: Record<string, string> = {};

/** The value typed into the prerendered field `name` before the app took over, else ''. */
export const prerenderedValue = (name: string) => typed[name] ?? '';

/**
 * Resolves once no press that began on the prerendered page is still down (web/src/auth-boot.ts
 * marks it), and the click that ends it has reached that page: replacing the page under a held
 * finger or button would lose the click. A press the browser cancels (a scroll) or a window left
 * mid-press ends the wait too.
 */
export function pressEnded(): Promise<void> {
  const flags = document.documentElement.dataset;
  if (!flags.pressed) return Promise.resolve();
  flags.handOverWaiting = 'true';
  return new Promise((resolve) => {
    const ends = ['pointerup', 'pointercancel'] as const;
    const ended = () => {
      for (const type of ends) document.removeEventListener(type, ended, true);
      window.removeEventListener('blur', ended);
      delete flags.handOverWaiting;
      // The click of a mouse press is dispatched in the same task as its release: after it.
      setTimeout(resolve, 0);
    };
    for (const type of ends) document.addEventListener(type, ended, true);
    window.addEventListener('blur', ended);
  });
}

/** Reads the prerendered page before the app replaces it: the typed values and the caret. */
export function takeOver(root: HTMLElement): () => void {
  typed = {};
  for (const field of root.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (field.type !== 'checkbox' && field.value) typed[field.name] = field.value;
  }
  const active = document.activeElement;
  const caret: Caret | null =
    active instanceof HTMLInputElement && root.contains(active) && active.id
      ? { id: active.id, start: active.selectionStart, end: active.selectionEnd }
      : null;
  root.removeAttribute('data-prerendered');
  const flags = document.documentElement.dataset;

  // Once the app has drawn the same screen: the caret back where it was, then what was asked for.
  return () => {
    if (caret) {
      const field = document.getElementById(caret.id);
      if (field instanceof HTMLInputElement) {
        field.focus();
        if (caret.start !== null && ['text', 'search', 'password', 'tel', 'url'].includes(field.type))
          field.setSelectionRange(caret.start, caret.end);
      }
    }
    flags.hydrated = 'true';
    const click = flags.pendingClick;
    delete flags.pendingClick;
    if (flags.pendingSubmit) {
      delete flags.pendingSubmit;
      root.querySelector('form')?.requestSubmit();
    } else if (click) {
      const button = [...root.querySelectorAll('button')].find(
        (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent ?? '') === click,
      );
      button?.click();
    }
  };
}
