import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orgContactsResponse, type OrgContact, type OrgContacts } from '@shared/schemas/org-data';
import type { Messages } from '@lingui/core';
import { messages as orgdataAr } from '@shared/i18n/compiled/orgdata/ar';
import { OrgContactsScreen } from '@/features/orgs/contacts/org-contacts-screen';
import { applyLanguage, setLanguageWords } from '@/lib/i18n';
import { answer, failure } from './api/answer';
import { calls, server } from './api/server';
import { renderScreen } from './helpers';

const ORG = 'org-1';

const contact = (patch: Partial<OrgContact>): OrgContact => ({
  id: crypto.randomUUID(),
  name: 'Grace Visitor',
  email: 'grace@example.com',
  phone: '+44 20 7946 0958',
  company: 'Globex',
  note: '',
  created_at: '2026-11-30T10:00:00.000Z',
  card: { id: 'card-1', username: 'ada-acme', name: 'Ada Lovelace' },
  member: { id: 'user-1', email: 'ada@acme.example' },
  ...patch,
});

/** GET /v1/orgs/{orgId}/contacts answers these, filtered by `q` as the server does. */
const serve = (data: OrgContacts) =>
  server.use(
    http.get(`/v1/orgs/${ORG}/contacts`, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
      const contacts = data.contacts.filter((c) => !q || `${c.name} ${c.email}`.toLowerCase().includes(q));
      return answer(orgContactsResponse, {
        success: true,
        data: { ...data, contacts },
        message: 'Contacts retrieved successfully',
      });
    }),
  );

const ENGLISH = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*/en.ts', { eager: true });

afterEach(() => {
  vi.restoreAllMocks();
  setLanguageWords(
    'en',
    Object.values(ENGLISH).map((module) => module.messages),
  );
  applyLanguage();
});

describe('Organisation contacts screen', () => {
  it('lists every work card’s contacts with the card and member they came through, searchable', async () => {
    serve({
      scope: 'all',
      total: 2,
      contacts: [
        contact({ name: 'Grace Visitor' }),
        contact({
          name: 'Linus Visitor',
          email: 'linus@example.com',
          card: { id: 'card-2', username: 'bob-acme', name: 'Bob' },
          member: null,
        }),
      ],
    });
    renderScreen(<OrgContactsScreen orgId={ORG} />);
    const list = await screen.findByRole('list', { name: 'Contacts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText("People who shared their contact on the organisation's work cards")).toBeInTheDocument();
    expect(screen.getByText('Through @ada-acme · ada@acme.example')).toBeInTheDocument();
    expect(screen.getByText('Through @bob-acme · no one holds this card now')).toBeInTheDocument();
    // The organisation's record: nothing to delete here.
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'linus');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('Linus Visitor')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/v1/orgs/${ORG}/contacts?q=linus`)).toBe(true);
  });

  it('a member reads the words of their own card', async () => {
    serve({ scope: 'own', total: 1, contacts: [contact({})] });
    renderScreen(<OrgContactsScreen orgId={ORG} />);
    expect(await screen.findByText('People who shared their contact on your work card')).toBeInTheDocument();
  });

  it('exports CSV and vCard through the organisation’s exports', async () => {
    serve({ scope: 'all', total: 1, contacts: [contact({})] });
    server.use(
      http.get(
        `/v1/orgs/${ORG}/contacts/export.csv`,
        () => new HttpResponse('Name\r\n', { headers: { 'Content-Type': 'text/csv' } }),
      ),
      http.get(
        `/v1/orgs/${ORG}/contacts/export.vcf`,
        () => new HttpResponse('', { headers: { 'Content-Type': 'text/vcard' } }),
      ),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderScreen(<OrgContactsScreen orgId={ORG} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download vCard' }));
    await waitFor(() => expect(saved).toEqual(['organisation-contacts.csv', 'organisation-contacts.vcf']));
  });

  it('an empty organisation says where contacts come from and offers no export', async () => {
    serve({ scope: 'all', total: 0, contacts: [] });
    renderScreen(<OrgContactsScreen orgId={ORG} />);
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(
      screen.getByText('When a visitor shares their contact on a work card, it appears here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('a failed load says so and offers to try again', async () => {
    server.use(http.get(`/v1/orgs/${ORG}/contacts`, () => failure(404, 'Organisation not found')));
    renderScreen(<OrgContactsScreen orgId={ORG} />);
    expect(await screen.findByText('Error loading contacts: Organisation not found')).toBeInTheDocument();
  });

  it('in Arabic keeps the card’s @username and the member’s address left to right inside the sentence', async () => {
    setLanguageWords('ar', [orgdataAr]);
    applyLanguage();
    serve({ scope: 'all', total: 1, contacts: [contact({})] });
    renderScreen(<OrgContactsScreen orgId={ORG} />);
    const line = await screen.findByText((text) => text.includes('ada-acme'));
    expect(line.textContent).toContain('\u2066@ada-acme\u2069');
    expect(line.textContent).toContain('\u2066ada@acme.example\u2069');
  });
});
