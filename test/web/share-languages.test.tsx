import type { Messages } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as appAr } from '@shared/i18n/compiled/app/ar';
import { messages as appEs } from '@shared/i18n/compiled/app/es';
import { messages as shareAr } from '@shared/i18n/compiled/share/ar';
import { messages as shareEs } from '@shared/i18n/compiled/share/es';
import english from '@shared/i18n/catalogues/share/en.json';
import same from '@shared/i18n/catalogues/share/same.json';
import { Component as ShareRoute } from '@/app/routes/dashboard/share';
import { signatureHtml, signatureText } from '@/features/share/lib/signature';
import { setLanguageWords } from '@/lib/i18n';
import { server } from './api/server';
import { linksAre } from './api/links';
import { walletsAre } from './api/wallet';
import { aLink } from './fixtures';
import { renderRoutes } from './helpers';

// The Share screen in the app's language; in Arabic no English word of the share area
// is left on it, and the e-mail signature's fixed words and direction follow the language.
const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });
afterEach(() =>
  setLanguageWords(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  ),
);

function renderShare() {
  server.use(
    ...walletsAre({ apple: true, google: true }),
    ...linksAre([
      aLink({ id: 1, title: 'GitHub', url: 'https://github.com/jane', icon: '', display_order: 0, is_active: true }),
    ]),
  );
  return renderRoutes([{ path: '/dashboard/share', element: <ShareRoute /> }], '/dashboard/share');
}

describe('the Share screen in other languages', () => {
  it('speaks Spanish', async () => {
    setLanguageWords('es', [appEs, shareEs]);
    renderShare();
    expect(await screen.findByRole('heading', { name: 'Compartir' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /^Código QR de @/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Enlaces para cada canal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar el enlace para tu firma de correo' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Añadir a Apple Wallet' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copiar firma' })).toBeInTheDocument();
    expect(within(screen.getByTestId('signature-preview')).getByText('Ver mi tarjeta')).toBeInTheDocument();
    expect(screen.getByLabelText('Página de Linktree')).toHaveAttribute('placeholder', 'https://linktr.ee/tunombre');
  });

  it('speaks Arabic, with no English of the share area left on screen', async () => {
    setLanguageWords('ar', [appAr, shareAr]);
    renderShare();
    expect(await screen.findByRole('heading', { name: 'المشاركة' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'إضافة إلى Apple Wallet' })).toBeInTheDocument();
    const preview = await screen.findByTestId('signature-preview');
    expect(within(preview).getByText('عرض بطاقتي')).toBeInTheDocument();
    expect(preview.querySelector('table')).toHaveAttribute('dir', 'rtl');

    // Every English message of the area without placeholders: neither as text nor as a label.
    const left = Object.entries(english)
      .filter(([key, text]) => !same.includes(key) && !text.includes('{'))
      .map(([, text]) => text);
    const shown = [...document.body.querySelectorAll('*')].flatMap((element) => [
      ...[...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent?.trim()),
      ...['aria-label', 'alt', 'placeholder', 'title'].map((name) => element.getAttribute(name)),
    ]);
    expect(shown.filter((text) => text && left.includes(text))).toEqual([]);
    expect(document.body.textContent).not.toMatch(/View my card|Copy \w+ link|Links shown as icons/);
  });

  it("writes the signature's fixed words in the app's language, right to left in Arabic", () => {
    setLanguageWords('ar', [shareAr]);
    const input = {
      origin: 'https://cardlink.example',
      name: 'Jane',
      username: 'jane',
      bio: '',
      phone: { e164: '+442079460958', display: '+44 20 7946 0958' },
      avatarUrl: 'https://cardlink.example/media/avatars/a/b/256.jpg',
      links: [],
    };
    expect(signatureText(input)).toBe('Jane\n+44 20 7946 0958\nعرض بطاقتي: https://cardlink.example/p/jane?src=email');
    const doc = new DOMParser().parseFromString(signatureHtml(input), 'text/html');
    expect(doc.querySelector('table')?.getAttribute('dir')).toBe('rtl');
    // The photo's gap is on its left, towards the text; the number reads left to right.
    expect(doc.querySelector('td')?.getAttribute('style')).toContain('padding:0 0 0 14px');
    expect(doc.querySelector('a[href^="tel:"]')?.getAttribute('dir')).toBe('ltr');
    expect(doc.body.textContent).toContain('عرض بطاقتي');
  });
});
