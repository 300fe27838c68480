// The card previews draw in the card's own font. Every theme font is declared (@font-face) in the
// app's page by the build (build/vite-plugins.ts, themeFonts), not here: in the page it costs the
// screens' scripts nothing, and Chromium ignores @font-face inside a preview's shadow root. A
// declaration downloads nothing; asking for a face here does.

/** The weights a card draws (shared/fonts.ts FONT_WEIGHTS, whose module is not imported for two numbers). */
const WEIGHTS = [400, 700];

/** How long a preview waits for its font before it paints in the fallback: never hung offline. */
export const FONT_WAIT_MS = 1500;

/** The family a CSS font stack names first, unquoted. */
const firstFamily = (stack: string) => stack.split(',')[0]!.replace(/["']/g, '').trim();

const faces = (stack: string) => WEIGHTS.map((weight) => `${weight} 16px "${firstFamily(stack)}"`);

/**
 * Whether the stack's font (both weights a card draws) is ready to draw now; true where fonts
 * cannot be asked, or the family is not declared (nothing to wait for).
 */
export function fontReady(stack: string) {
  if (typeof document === 'undefined' || !document.fonts) return true;
  try {
    return faces(stack).every((face) => document.fonts.check(face));
  } catch {
    return true;
  }
}

/**
 * Fetches the stack's font (the weights a card draws) and resolves once it has loaded, failed, or
 * FONT_WAIT_MS has passed: whichever comes first, so a slow or missing file only costs the wait.
 */
export function loadCardFont(stack: string): Promise<void> {
  if (!document.fonts || fontReady(stack)) return Promise.resolve();
  const loads = Promise.all(faces(stack).map((face) => document.fonts.load(face))).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loads, new Promise<void>((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}
