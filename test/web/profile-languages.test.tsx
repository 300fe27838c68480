import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import * as appAr from '@shared/i18n/compiled/app/ar';
import * as appEs from '@shared/i18n/compiled/app/es';
import * as profileAr from '@shared/i18n/compiled/profile/ar';
import * as profileEs from '@shared/i18n/compiled/profile/es';
import english from '../../shared/i18n/catalogues/profile/en.json';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { setLanguageWords } from '@/lib/i18n';
import { profileIs } from './api/profile';
import { server } from './api/server';
import { aUser } from './fixtures';
import { renderScreen } from './helpers';

// Profile Settings speaks the app's language: its own words (catalogues/profile), its
// numbers and dates through Intl, right to left in Arabic with e-mail and phone kept left to right.
const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });
afterEach(() =>
  setLanguageWords(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  ),
);

/** Opens the screen; the form is its own chunk, so its Name field (in `name`) says the screen is whole. */
const open = async (name: string) => {
  renderScreen(<ProfileScreen />);
  await screen.findByRole('textbox', { name });
};

describe('Profile Settings in another language', () => {
  it('speaks Spanish: headings, fields, examples, statistics and the upload button', async () => {
    setLanguageWords('es', [appEs.messages, profileEs.messages]);
    await open('Nombre');
    expect(screen.getByRole('heading', { name: 'Ajustes del perfil' })).toBeInTheDocument();
    expect(screen.getByText('Información del perfil')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tarjeta de visita' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cargo' })).toHaveAttribute('placeholder', 'Directora de Diseño');
    expect(screen.getByRole('textbox', { name: 'Teléfono' })).toHaveAccessibleDescription(
      'Con el prefijo del país. Se muestra en tu tarjeta y se guarda en tu contacto.',
    );
    expect(screen.getByRole('button', { name: 'Subir foto' })).toBeInTheDocument();
    const stats = screen.getByText('Estadísticas').closest('div')!.parentElement!;
    expect(within(stats).getByText('Miembro desde')).toBeInTheDocument();
    expect(within(stats).getByText('Nunca')).toBeInTheDocument();
  });

  it('speaks Arabic with no English of its own left, user text and addresses kept readable', async () => {
    // Seen before: the last visit and the view count go through Intl in Arabic.
    server.use(
      profileIs(aUser({ views: 1234, created_at: '2026-01-05T10:00:00Z', last_viewed_at: '2026-02-01T10:00:00Z' })),
    );
    setLanguageWords('ar', [appAr.messages, profileAr.messages]);
    await open('الاسم');
    expect(screen.getByRole('heading', { name: 'إعدادات الملف الشخصي' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'الاسم' })).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('textbox', { name: 'البريد الإلكتروني على بطاقتك' })).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(new Intl.NumberFormat('ar').format(1234))).toBeInTheDocument();

    // Every word of the screen's own, as text or as a label, placeholder or alternative text.
    const shown = [
      document.body.textContent ?? '',
      ...[...document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]')].flatMap((element) =>
        ['aria-label', 'placeholder', 'alt', 'title'].map((name) => element.getAttribute(name) ?? ''),
      ),
    ].join('\n');
    const left = Object.values(english as Record<string, string>).filter(
      (message) => !message.includes('{') && shown.includes(message),
    );
    expect(left).toEqual([]);

    // An edit shows the Save button in Arabic too.
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'الموقع' }), 'Dubai');
    expect(await screen.findByRole('button', { name: 'حفظ الملف الشخصي' })).toBeInTheDocument();
  });
});
