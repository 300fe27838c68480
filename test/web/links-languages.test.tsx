import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import { messages as appAr } from '@shared/i18n/compiled/app/ar';
import { messages as appEs } from '@shared/i18n/compiled/app/es';
import { messages as linksAr } from '@shared/i18n/compiled/links/ar';
import { messages as linksEs } from '@shared/i18n/compiled/links/es';
import english from '../../shared/i18n/catalogues/links/en.json';
import same from '../../shared/i18n/catalogues/links/same.json';
import { PLATFORMS } from '@shared/platforms';
import { LinksScreen } from '@/features/links/components/links-screen';
import { PLACEHOLDER_KEYS } from '@/features/links/lib/platform-words';
import { setLanguageWords } from '@/lib/i18n';
import { linksAre } from './api/links';
import { server } from './api/server';
import { aLink } from './fixtures';
import { renderScreen } from './helpers';

// Manage Links in Spanish and in Arabic, its words from the links area; in Arabic no
// English of the area is left (the platforms' names and the links' own titles stay as written).

const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });
afterEach(() =>
  setLanguageWords(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  ),
);

const links = () => [
  aLink({ id: 1, title: 'My code', url: 'https://github.com/jane', icon: '', display_order: 0, is_active: true }),
  aLink({ id: 2, title: 'Old blog', url: 'https://old.example.com', icon: '', display_order: 1, is_active: false }),
];

/** The sortable rows arrive once the list is idle and draw the rows anew: a row's button is used after. */
const sortableReady = (name: string) =>
  waitFor(() => expect(screen.getByRole('button', { name })).toHaveAttribute('aria-roledescription', 'sortable'));

/** The area's English words that should not be on screen: each message as a whole-text pattern. */
const englishPatterns = Object.entries(english as Record<string, string>)
  .filter(([key, text]) => !(same as string[]).includes(key) && !text.includes(', plural,'))
  .map(([, text]) => {
    const parts = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('.+')}$`);
  });

/** Every text a person meets (an element's own text, its label, placeholder and title) that is still English. */
function englishLeft(): string[] {
  const seen = new Set<string>();
  for (const element of document.body.querySelectorAll('*')) {
    const own = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('');
    for (const value of [own, ...['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name))])
      if (value?.trim()) seen.add(value.trim());
  }
  return [...seen].filter((text) => englishPatterns.some((pattern) => pattern.test(text)) || /\bclicks?\b/.test(text));
}

describe('Manage Links in other languages', () => {
  it('speaks Spanish: title, counts, badges, handles, the recognised address and the form check', async () => {
    setLanguageWords('es', [appEs, linksEs]);
    server.use(...linksAre(links().map((link, i) => ({ ...link, clicks: i === 0 ? 1 : 3 }))));
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);

    expect(await screen.findByRole('heading', { name: 'Gestionar enlaces' })).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Tus enlaces' }));
    expect(list.getByText('1 clic')).toBeInTheDocument();
    expect(list.getByText('3 clics')).toBeInTheDocument();
    expect(list.getByText('Inactivo')).toBeInTheDocument();
    await sortableReady('Reordenar My code');
    expect(screen.getByRole('button', { name: 'Eliminar Old blog' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nuevo enlace' }));
    const form = within(await screen.findByRole('region', { name: 'Añadir nuevo enlace' }));
    await user.click(await form.findByRole('button', { name: 'Añadir enlace' }));
    expect(await form.findByText('El nombre de usuario o identificador es obligatorio')).toBeInTheDocument();
    await user.click(form.getByLabelText('Enlace'));
    await user.paste('https://github.com/octocat');
    expect(form.getByRole('status')).toHaveTextContent(
      'Reconocido como GitHub: el enlace se crea a partir de «octocat».',
    );
    expect(form.getByText('URL generada')).toBeInTheDocument();
  }, 15_000);

  it('speaks Arabic with no English of its own left: list, empty state and the undo toast', async () => {
    setLanguageWords('ar', [appAr, linksAr]);
    server.use(...linksAre(links()));
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);

    const list = within(await screen.findByRole('list', { name: 'روابطك' }));
    expect(list.getAllByText('لا نقرات')).toHaveLength(2);
    await sortableReady('إعادة ترتيب Old blog');
    await user.click(screen.getByRole('button', { name: 'حذف Old blog' }));
    expect(await screen.findByText('تم حذف الرابط')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حذف My code' }));
    expect(await screen.findByText('ليس لديك أي روابط بعد')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أضف رابطك الأول' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'أضف رابطك الأول' }));
    const form = within(await screen.findByRole('region', { name: 'إضافة رابط جديد' }));
    expect(await form.findByLabelText('الرابط')).toHaveAttribute('dir', 'ltr');
    await user.click(form.getByRole('combobox', { name: 'المنصة' }));
    expect(form.getByText('التواصل الاجتماعي')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  }, 15_000);

  it("speaks Spanish in the platform picker: plain words among the brands, and each field's hint", async () => {
    setLanguageWords('es', [appEs, linksEs]);
    server.use(...linksAre(links()));
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Nuevo enlace' }));
    const form = within(await screen.findByRole('region', { name: 'Añadir nuevo enlace' }));
    const picker = await form.findByRole('combobox', { name: 'Plataforma' });
    expect(picker).toHaveValue('Personalizado');
    await user.click(picker);
    await user.type(picker, 'correo');
    await user.click(form.getByRole('option', { name: /Correo electrónico/ }));
    expect(form.getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    await user.clear(picker);
    await user.type(picker, 'instagram');
    await user.click(form.getByRole('option', { name: /Instagram/ }));
    expect(form.getByLabelText('Nombre de usuario')).toHaveAttribute('placeholder', 'nombre de usuario');
    expect(englishLeft()).toEqual([]);
  }, 15_000);
});

describe("the platforms' hints", () => {
  it('each one that describes what to type has words in the catalogue; examples stay', () => {
    const examples = [
      'you@example.com',
      '+1234567890',
      'https://example.com',
      'https://example.com/anything',
      'handle.bsky.social',
      'mastodon.social/@username',
      'First_Last',
    ];
    const described = PLATFORMS.map((platform) => platform.placeholder).filter((hint) => !examples.includes(hint));
    expect(described.filter((hint) => !(hint in PLACEHOLDER_KEYS))).toEqual([]);
  });
});
