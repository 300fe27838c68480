import { allFontFacesCss } from '@shared/fonts';

/**
 * Declares the theme fonts (served by this product at /fonts/) once per document, for the
 * screens that draw text in a theme's font: Theme Settings and the app's own card. Declaring
 * costs nothing; a browser downloads a font file only when text is drawn in it.
 */
export function declareThemeFonts() {
  if (document.getElementById('theme-fonts')) return;
  const style = document.createElement('style');
  style.id = 'theme-fonts';
  style.textContent = allFontFacesCss();
  document.head.append(style);
}
