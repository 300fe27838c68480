// The theme fonts as the Open Graph renderer reads them: the same @fontsource files the card's
// pages serve (shared/fonts.ts), in WOFF because satori cannot read WOFF2. Vite inlines each as a
// data: URI (`?inline`), so the Worker carries them and never fetches a font.

import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff?inline';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff?inline';
import poppins400 from '@fontsource/poppins/files/poppins-latin-400-normal.woff?inline';
import poppins700 from '@fontsource/poppins/files/poppins-latin-700-normal.woff?inline';
import rubik400 from '@fontsource/rubik/files/rubik-latin-400-normal.woff?inline';
import rubik700 from '@fontsource/rubik/files/rubik-latin-700-normal.woff?inline';
import dmSans400 from '@fontsource/dm-sans/files/dm-sans-latin-400-normal.woff?inline';
import dmSans700 from '@fontsource/dm-sans/files/dm-sans-latin-700-normal.woff?inline';
import nunito400 from '@fontsource/nunito/files/nunito-latin-400-normal.woff?inline';
import nunito700 from '@fontsource/nunito/files/nunito-latin-700-normal.woff?inline';
import workSans400 from '@fontsource/work-sans/files/work-sans-latin-400-normal.woff?inline';
import workSans700 from '@fontsource/work-sans/files/work-sans-latin-700-normal.woff?inline';
import mulish400 from '@fontsource/mulish/files/mulish-latin-400-normal.woff?inline';
import mulish700 from '@fontsource/mulish/files/mulish-latin-700-normal.woff?inline';
import raleway400 from '@fontsource/raleway/files/raleway-latin-400-normal.woff?inline';
import raleway700 from '@fontsource/raleway/files/raleway-latin-700-normal.woff?inline';
import quicksand400 from '@fontsource/quicksand/files/quicksand-latin-400-normal.woff?inline';
import quicksand700 from '@fontsource/quicksand/files/quicksand-latin-700-normal.woff?inline';
import merriweather400 from '@fontsource/merriweather/files/merriweather-latin-400-normal.woff?inline';
import merriweather700 from '@fontsource/merriweather/files/merriweather-latin-700-normal.woff?inline';

/** Each theme font's regular and bold file, by the slug of shared/fonts.ts. */
export const OG_FONT_FILES: Record<string, { 400: string; 700: string }> = {
  inter: { 400: inter400, 700: inter700 },
  poppins: { 400: poppins400, 700: poppins700 },
  rubik: { 400: rubik400, 700: rubik700 },
  'dm-sans': { 400: dmSans400, 700: dmSans700 },
  nunito: { 400: nunito400, 700: nunito700 },
  'work-sans': { 400: workSans400, 700: workSans700 },
  mulish: { 400: mulish400, 700: mulish700 },
  raleway: { 400: raleway400, 700: raleway700 },
  quicksand: { 400: quicksand400, 700: quicksand700 },
  merriweather: { 400: merriweather400, 700: merriweather700 },
};
