import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatsRange } from '@shared/constants';
import { orgAnalyticsResponse, type OrgAnalytics } from '@shared/schemas/org-data';
import { OrgAnalyticsScreen } from '@/features/orgs/analytics/org-analytics-screen';
import { answer, failure } from './api/answer';
import { calls, server } from './api/server';
import { renderScreen } from './helpers';

const ORG = 'org-1';

const figures = (range: StatsRange, scale: number): OrgAnalytics => ({
  range,
  total: {
    cards: 2,
    views: 13 * scale,
    unique_visitors: 8 * scale,
    link_clicks: 5 * scale,
    contact_saves: 7 * scale,
    contacts: 2 * scale,
  },
  cards: [
    {
      card: { id: 'c1', username: 'ada-acme', name: 'Ada Lovelace' },
      member: { id: 'u1', email: 'ada@acme.example' },
      state: 'held',
      views: 10 * scale,
      unique_visitors: 6 * scale,
      link_clicks: 4 * scale,
      contact_saves: 5 * scale,
      contacts: 1 * scale,
    },
    {
      card: { id: 'c2', username: 'bob-acme', name: 'Bob Builder' },
      member: null,
      state: 'paused',
      views: 3 * scale,
      unique_visitors: 2 * scale,
      link_clicks: 1 * scale,
      contact_saves: 2 * scale,
      contacts: 1 * scale,
    },
  ],
});

const serve = (of: (range: StatsRange) => OrgAnalytics) =>
  server.use(
    http.get(`/v1/orgs/${ORG}/analytics`, ({ request }) => {
      const range = (new URL(request.url).searchParams.get('range') ?? 'all') as StatsRange;
      return answer(orgAnalyticsResponse, {
        success: true,
        data: of(range),
        message: 'Analytics retrieved successfully',
      });
    }),
  );

const stat = (label: string) => screen.getByText(label).parentElement!.textContent;

afterEach(() => vi.restoreAllMocks());

describe('Organisation analytics screen', () => {
  it('shows the totals and each work card’s figures for the period chosen', async () => {
    serve((range) => figures(range, range === '7' ? 1 : 3));
    renderScreen(<OrgAnalyticsScreen orgId={ORG} />);
    expect(await screen.findByRole('table', { name: 'Per member' })).toBeInTheDocument();
    expect(stat('Profile Views')).toContain('39');
    expect(stat('Contacts shared')).toContain('6');
    expect(stat('Saves of the contact')).toContain('21');
    const table = screen.getByRole('table', { name: 'Per member' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Work cardMemberViewsUnique visitorsClicksSavesContacts',
      'Ada Lovelace @ada-acmeada@acme.example301812153',
      'Bob Builder @bob-acmePaused96363',
      'Total2 work cards392415216',
    ]);
    // The phone's list names each card as Members does, by its @username.
    const list = screen.getByRole('list', { name: 'Per member' });
    expect(within(list).getByText('@ada-acme')).toBeInTheDocument();
    expect(within(list).getByText('@bob-acme')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `/v1/orgs/${ORG}/analytics?range=30`)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(stat('Profile Views')).toContain('13'));
    expect(calls.some((call) => call.path === `/v1/orgs/${ORG}/analytics?range=7`)).toBe(true);
  });

  it('exports the period’s CSV', async () => {
    serve((range) => figures(range, 1));
    let asked = '';
    server.use(
      http.get(`/v1/orgs/${ORG}/analytics/export.csv`, ({ request }) => {
        asked = new URL(request.url).search;
        return new HttpResponse('Card\r\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderScreen(<OrgAnalyticsScreen orgId={ORG} />);
    await userEvent.click(await screen.findByRole('button', { name: '90 days' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['organisation-analytics-90.csv']));
    expect(asked).toBe('?range=90');
  });

  it('an organisation without work cards gets an empty state and no export', async () => {
    serve((range) => ({
      ...figures(range, 0),
      total: { cards: 0, views: 0, unique_visitors: 0, link_clicks: 0, contact_saves: 0, contacts: 0 },
      cards: [],
    }));
    renderScreen(<OrgAnalyticsScreen orgId={ORG} />);
    expect(await screen.findByText('No work cards yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('a member is refused: the message shows', async () => {
    server.use(
      http.get(`/v1/orgs/${ORG}/analytics`, () =>
        failure(403, 'Only the owner and admins of the organisation can do this'),
      ),
    );
    renderScreen(<OrgAnalyticsScreen orgId={ORG} />);
    expect(
      await screen.findByText('Error loading analytics: Only the owner and admins of the organisation can do this'),
    ).toBeInTheDocument();
  });
});
