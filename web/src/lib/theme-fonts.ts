import { allFontFacesCss, FONT_WEIGHTS } from '@shared/fonts';

/**
 * Declares the theme fonts (served by this product at /fonts/) once per document, for the
 * screens that draw text in a theme's font: every card preview, Theme Settings and the app's own
 * card. Declaring costs nothing; a browser downloads a font file only when text is drawn in it.
 * The rules go in the document, not a preview's shadow root: Chromium ignores @font-face there.
 */
export function declareThemeFonts() {
  if (document.getElementById('theme-fonts')) return;
  const style = document.createElement('style');
  style.id = 'theme-fonts';
  style.textContent = allFontFacesCss();
  document.head.append(style);
}

/** How long a preview waits for its font before it paints in the fallback: never hung offline. */
export const FONT_WAIT_MS = 1500;

/** The family a CSS font stack names first, unquoted. */
const firstFamily = (stack: string) => stack.split(',')[0]!.replace(/["']/g, '').trim();

const faces = (stack: string) => FONT_WEIGHTS.map((weight) => `${weight} 16px "${firstFamily(stack)}"`);

/** Whether the stack's font (both weights a card draws) is ready to draw now; true where fonts cannot be asked. */
export function fontReady(stack: string) {
  if (typeof document === 'undefined' || !document.fonts) return true;
  // Undeclared, a family counts as ready (nothing to wait for): declared first, it is asked truly.
  declareThemeFonts();
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
