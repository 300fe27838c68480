import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import type { Contact } from '@shared/schemas/contacts';
import type { Language } from '@shared/i18n/languages';
import { messages as appAr } from '@shared/i18n/compiled/app/ar';
import { messages as appEs } from '@shared/i18n/compiled/app/es';
import { messages as statsAr } from '@shared/i18n/compiled/stats/ar';
import { messages as statsEs } from '@shared/i18n/compiled/stats/es';
import english from '@shared/i18n/catalogues/stats/en.json';
import same from '@shared/i18n/catalogues/stats/same.json';
import { ContactsScreen } from '@/features/contacts/components/contacts-screen';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';
import { StatsScreen } from '@/features/stats/components/stats-screen';
import { applyLanguage, setLanguageWords } from '@/lib/i18n';
import { contactsAre } from './api/contacts';
import { linksAre } from './api/links';
import { profileIs } from './api/profile';
import { server } from './api/server';
import { statsAre } from './api/stats';
import { aLink, aStats, aUser } from './fixtures';
import { renderScreen } from './helpers';

// The overview, Statistics and Contacts in another language: their words, plurals,
// numbers and dates follow the app's language; in Arabic no English of the area is left.
const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });

function speak(language: Language, messages: Messages[]) {
  setLanguageWords(language, messages);
  applyLanguage();
}

afterEach(() => {
  speak(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  );
});

const daily = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-01-${String(i + 1).padStart(2, '0')}`,
  views: i === 29 ? 5 : 0,
  clicks: i === 29 ? 2 : 0,
  unique_visitors: i === 29 ? 3 : 0,
}));
const busy = aStats({
  profile_views: 12345,
  link_clicks: 10,
  conversion_rate: 33.33,
  links_count: 3,
  active_links_count: 2,
  unique_visitors: 3,
  last_viewed_at: '2026-01-30T10:00:00.000Z',
  contacts_submitted: 2,
  contact_rate: 66.67,
  contact_saves: 4,
  daily,
  links: [{ id: 1, title: 'GitHub', is_active: false, clicks: 10, click_through_rate: 142.86 }],
  referrers: [{ name: 'news.ycombinator.com', views: 4, clicks: 1 }],
  countries: [{ name: 'DE', views: 5, clicks: 2 }],
  devices: [{ name: 'mobile', views: 6, clicks: 2 }],
  channels: [{ name: 'qr', views: 3, clicks: 0 }],
});

/** The area's English words (or keys without words) still on screen: text, labels, titles, placeholders. */
function englishLeft(): string[] {
  const shown = [
    document.body.textContent ?? '',
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ].join('\n');
  return Object.entries(english as Record<string, string>)
    .filter(([key]) => !(same as string[]).includes(key))
    .map(([, message]) => message.split('{')[0]!.trim())
    .filter((text) => text.length >= 3 && shown.includes(text))
    .concat(Object.keys(english).filter((key) => shown.includes(key)));
}

describe('Statistics in another language', () => {
  it('speaks Spanish, with Spanish numbers, plurals and country names', async () => {
    speak('es', [appEs, statsEs]);
    server.use(statsAre(busy));
    renderScreen(<StatsScreen />);
    expect(await screen.findByRole('heading', { name: 'Estadísticas' })).toBeInTheDocument();
    expect(await screen.findByText('Análisis de rendimiento')).toBeInTheDocument();
    // Spanish groups thousands with a point (and leaves four digits alone).
    expect(screen.getAllByText('12.345').length).toBeGreaterThan(0);
    expect(screen.getByText('Todo el tiempo: 5 visitas, 2 clics')).toBeInTheDocument();
    expect(screen.getByText('66,7 % de 3 visitantes únicos')).toBeInTheDocument();
    expect(screen.getByText('Alemania')).toBeInTheDocument();
    expect(screen.getByText('Código QR')).toBeInTheDocument();
    expect(screen.getByText('Móvil')).toBeInTheDocument();
    expect(screen.getByText('GitHub (inactivo)')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Visitas al perfil y clics en enlaces por día' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Periodo' })).toBeInTheDocument();
  });

  it('speaks Arabic right to left, with its plural forms and no English left', async () => {
    speak('ar', [appAr, statsAr]);
    server.use(statsAre(busy));
    renderScreen(<StatsScreen />);
    expect(await screen.findByRole('heading', { name: 'الإحصاءات' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // Two clicks and five views: Arabic's dual and its 3–10 form.
    expect(await screen.findByText('منذ البداية: 5 مشاهدات، نقرتان')).toBeInTheDocument();
    expect(screen.getByText('ألمانيا')).toBeInTheDocument();
    expect(screen.getByText('رمز QR')).toBeInTheDocument();
    // Hostnames stay as they are.
    expect(screen.getByText('news.ycombinator.com')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});

describe('the overview and Contacts in another language', () => {
  const owner = aUser({ contact_exchange: true });
  const contact: Contact = {
    id: 'c1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    company: 'Analytical Engines',
    note: '',
    created_at: '2026-03-02T10:00:00Z',
  };

  it('welcomes back in Spanish and counts the week in Spanish', async () => {
    speak('es', [appEs, statsEs]);
    server.use(
      profileIs(owner),
      ...linksAre([
        aLink({ id: 1, title: 'Blog', url: 'https://example.com', icon: '', display_order: 1, is_active: true }),
      ]),
      statsAre(busy),
      contactsAre([]),
    );
    renderScreen(<OverviewScreen />);
    expect(await screen.findByRole('heading', { name: '¡Hola de nuevo, Jane!' })).toBeInTheDocument();
    expect(screen.getByText('5 visitas, 2 clics')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver estadísticas detalladas' })).toBeInTheDocument();
  });

  it('shows the overview in Arabic with no English left', async () => {
    speak('ar', [appAr, statsAr]);
    server.use(profileIs(aUser()), ...linksAre([]), statsAre(aStats()), contactsAre([]));
    renderScreen(<OverviewScreen />);
    expect(await screen.findByRole('heading', { name: 'أهلًا بك، Jane!' })).toBeInTheDocument();
    const steps = await screen.findByRole('list', { name: 'الخطوات' });
    expect(within(steps).getByRole('link', { name: /أضف رابطك الأول/ })).toBeInTheDocument();
    expect(await screen.findByText('ليس لديك أي روابط بعد')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('lists contacts in Arabic, the address left to right, with no English left', async () => {
    speak('ar', [appAr, statsAr]);
    server.use(profileIs(owner), contactsAre([contact, { ...contact, id: 'c2', name: 'ليلى' }]));
    renderScreen(<ContactsScreen />);
    expect(await screen.findByText('جهتا اتصال')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تنزيل CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حذف Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getAllByText('ada@example.com')[0]).toHaveAttribute('dir', 'ltr');
    expect(screen.getAllByText(/^تمت المشاركة في 2 مارس 2026$/)).toHaveLength(2);
    expect(englishLeft()).toEqual([]);
  });
});
