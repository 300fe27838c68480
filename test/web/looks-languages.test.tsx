import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import { messages as appAr } from '@shared/i18n/compiled/app/ar';
import { messages as appEs } from '@shared/i18n/compiled/app/es';
import { messages as looksAr } from '@shared/i18n/compiled/looks/ar';
import { messages as looksEn } from '@shared/i18n/compiled/looks/en';
import { messages as looksEs } from '@shared/i18n/compiled/looks/es';
import { messages as shellAr } from '@shared/i18n/compiled/shell/ar';
import { messages as shellEs } from '@shared/i18n/compiled/shell/es';
import { TemplatesScreen } from '@/features/templates/components/templates-screen';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { setLanguageWords } from '@/lib/i18n';
import { templatesAre, themesAre } from './api/catalogue';
import { profileIs } from './api/profile';
import { server } from './api/server';
import { aTemplate, aTheme, aUser } from './fixtures';
import { renderScreen } from './helpers';

// Themes and Templates speak the app's language; the contrast refusal says its ratio
// in the language's numbers.

const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });
afterEach(() =>
  setLanguageWords(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  ),
);

// #F3E8DC on #FFF7ED reads at 1.1:1.
const unreadable = {
  background_color: '#fff7ed',
  text_color: '#f3e8dc',
  accent_color: '#2563eb',
  font_family: 'Inter, sans-serif',
  background_image: null,
};
const customUser = aUser({ theme_id: 1, theme: aTheme(), custom_theme: unreadable });

/** The area's English sentences (two words or more; names like 'Text' could be data), placeholders cut out. */
const englishSentences = Object.values(looksEn)
  .flatMap((message) => (Array.isArray(message) ? message.filter((part) => typeof part === 'string') : [message]))
  .map((part) => part.trim())
  .filter((part) => part.includes(' '));

/** Every text and label on screen: what a reader or a screen reader meets. */
const everythingShown = () =>
  [
    document.body.textContent ?? '',
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ].join('\n');

describe('Themes and Templates in other languages', () => {
  it('Spanish: the custom theme, its upload and the refused contrast with a decimal comma', async () => {
    setLanguageWords('es', [appEs, shellEs, looksEs]);
    server.use(profileIs(customUser), themesAre([aTheme()]));
    renderScreen(<ThemesScreen />);
    expect(await screen.findByRole('heading', { name: 'Ajustes de tema' })).toBeInTheDocument();
    expect(await screen.findByText('Usando tema personalizado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir fondo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Color de fondo')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'El texto sobre este fondo tiene un contraste de 1,1:1; necesita al menos 4,5:1 para poder leerse.',
    );
    expect(within(alert).getByRole('button', { name: /^Usar #/ })).toBeInTheDocument();
  });

  it('Arabic: Themes has no English of its own left, hex codes isolated left to right', async () => {
    setLanguageWords('ar', [appAr, shellAr, looksAr]);
    server.use(profileIs(customUser), themesAre([aTheme()]));
    renderScreen(<ThemesScreen />);
    expect(await screen.findByRole('heading', { name: 'إعدادات السمة' })).toBeInTheDocument();
    expect(await screen.findByText('تخصيص السمة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'رفع خلفية' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('تباين النص على هذه الخلفية 1.1:1');
    // '#' would otherwise sit after the digits in a right-to-left sentence.
    expect(within(screen.getByRole('alert')).getByRole('button').textContent).toMatch(
      /^استخدم \u2066#[0-9A-F]{6}\u2069$/,
    );
    const shown = everythingShown();
    expect(englishSentences.filter((sentence) => shown.includes(sentence))).toEqual([]);
    for (const word of ['Custom Theme', 'Background', 'Accent', 'Font']) expect(shown).not.toContain(word);
  });

  it('Arabic: Templates names its layouts and states, the catalogue data stays as it is', async () => {
    setLanguageWords('ar', [appAr, shellAr, looksAr]);
    server.use(profileIs(aUser({ template_id: 1 })), templatesAre([aTemplate(), aTemplate({ id: 2 })]));
    renderScreen(<TemplatesScreen />);
    expect(await screen.findByRole('heading', { name: 'معرض القوالب' })).toBeInTheDocument();
    expect(await screen.findByText('محدّد')).toBeInTheDocument();
    expect(screen.getByText('عمود واحد')).toBeInTheDocument();
    expect(screen.getByText('عمودان')).toBeInTheDocument();
    expect(screen.getAllByText('الصورة الشخصية: في الوسط')).toHaveLength(2);
    // The template's name and description come from the API's catalogue, as they are.
    expect(screen.getByRole('heading', { name: 'Professional' })).toHaveAttribute('dir', 'auto');
    const shown = everythingShown();
    expect(englishSentences.filter((sentence) => shown.includes(sentence))).toEqual([]);
    for (const word of ['Selected', 'Avatar']) expect(shown).not.toContain(word);
  });
});
